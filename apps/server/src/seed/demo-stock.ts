import type { Db } from '../db/client';
import { isoDay } from '../clock';
import { refreshAlerts, type AlertRules } from '../modules/alerts/alerts.writes';
import { setMinimumStock } from '../modules/products/products.writes';
import type { ConsumeItem, Ledger } from '../modules/ledger/ledger';
import { unitPriceOf } from '@clinic/domain';
import { catalogProductIds, companyHasStock, supplierIdsByName } from './demo-seed.repo';
import { DEMO_LOTS, DEMO_MINIMUMS, type DemoLocation, type DemoLot } from './demo-stock-data';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoStockPlace {
  companyId: string;
  /** Who received the stock and recorded the uses. */
  userId: string;
}

/** ISO day `days` after `today` (negative: before). */
function dayFrom(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A lot's uses, spread evenly from the day after its receipt until `untilDaysAgo`, mid-morning. */
function usageTimes(lot: DemoLot, now: Date): Date[] {
  if (!lot.usage) return [];
  const from = lot.receivedDaysAgo - 1;
  const until = lot.usage.untilDaysAgo ?? 0;
  const { times } = lot.usage;
  return Array.from({ length: times }, (_, i) => {
    const daysAgo = times === 1 ? until : from - ((from - until) * i) / (times - 1);
    return new Date(now.getTime() - daysAgo * DAY_MS - 2 * 60 * 60 * 1000);
  });
}

/**
 * Lots with a year of history at the demo locations, added once (a location that has any stock is
 * left as the clinic changed it), then the alerts they raise, so the Alerts page, the stock room
 * and Track Product Consumption show something on first start. The lots arrive and their uses
 * leave through the ledger, as at the clinic, dated when they happened.
 */
export async function seedDemoStock(ledger: Ledger, db: Db, places: Record<DemoLocation, DemoStockPlace>, rules: AlertRules, now: Date): Promise<void> {
  if (await companyHasStock(db, places.Downtown.companyId)) return;
  await db.transaction(async (tx) => {
    const productIds = await catalogProductIds(tx, [...new Set([...DEMO_LOTS, ...DEMO_MINIMUMS].map((l) => l.product))]);
    const productId = (name: string) => {
      const id = productIds.get(name);
      if (!id) throw new Error(`demo stock names an unknown product: ${name}`);
      return id;
    };
    for (const location of Object.keys(places) as DemoLocation[]) {
      const place = places[location];
      const lots = DEMO_LOTS.filter((lot) => lot.location === location);
      const supplierIds = await supplierIdsByName(tx, place.companyId, [...new Set(lots.map((lot) => lot.supplier))]);
      const author = { userId: place.userId, organizationId: null };
      const stocks = await ledger.receive(tx, author, {
        companyId: place.companyId,
        source: { source: 'demo' },
        stocks: lots.map((lot) => ({
          companyId: place.companyId,
          productId: productId(lot.product),
          supplierId: supplierIds.get(lot.supplier) ?? null,
          containerQuantity: lot.containers,
          unitsPerContainer: lot.unitsPerContainer,
          pricePerContainer: lot.pricePerContainer,
          unitPrice: unitPriceOf(lot.pricePerContainer, lot.unitsPerContainer),
          expiryDate: lot.expiresInDays === null ? null : dayFrom(isoDay(now), lot.expiresInDays),
          lotNumber: lot.lotNumber,
          isConsignment: lot.consignment ?? false,
          createdBy: place.userId,
          createdAt: new Date(now.getTime() - lot.receivedDaysAgo * DAY_MS),
        })),
      });
      // Each use names its lot, so expired lots give their past uses too.
      const uses: ConsumeItem[] = lots.flatMap((lot, index) =>
        usageTimes(lot, now).map((at) => ({ productId: stocks[index]!.productId, stockId: stocks[index]!.id, quantity: lot.usage!.each, at })),
      );
      await ledger.take(tx, author, {
        companyId: place.companyId,
        items: uses,
        kind: 'manual',
        note: 'Used chairside',
        at: now,
        audit: { entity: 'stock_consumption', entityId: place.companyId, action: 'demo_history', changes: { uses: uses.length } },
      });
      for (const minimum of DEMO_MINIMUMS.filter((m) => m.location === location)) {
        await setMinimumStock(tx, productId(minimum.product), place.companyId, minimum.minimumStock);
      }
      await refreshAlerts(tx, { companyId: place.companyId }, rules);
    }
  });
}
