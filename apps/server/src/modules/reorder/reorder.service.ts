import {
  FORECAST_METHOD_LABELS,
  REORDER_HISTORY_DAYS,
  daysOfCover,
  fillTargetOf,
  forecastDemand,
  historySinceFirstReceipt,
  learnLeadTime,
  orderQuantity,
  reorderLevels,
  type CategoryFillRates,
  type DemandForecast,
  type FillRateTarget,
  type LeadTimeEstimate,
  type PinReorderLevels,
  type ProductReorder,
  type ReorderSettings,
  type SupplierShipping,
  type SupplierShippingView,
} from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { canSeeOwned, currentCompanyId } from '../../core/access';
import { notFound } from '../../core/errors';
import { findCategoryById } from '../categories/categories.reads';
import { findSupplierById } from '../suppliers/suppliers.reads';
import { isoDay } from '../../clock';
import { locationDay } from '../../db/location-day';
import { findProductWithNames } from '../products/products.reads';
import { refreshAlerts } from '../alerts/alerts.writes';
import { recordAudit } from '../audit/audit.writes';
import { scheduledUse, useWithin } from '../pms/upcoming/upcoming.reads';
import {
  categoryFillRates,
  companiesToForecast,
  dailyUse,
  linesPerOrderBySupplier,
  saveCategoryFillRate,
  savePinnedLevels,
  saveProductFillRate,
  saveSettings,
  saveShipping,
  shippingOf,
  leadTimeSamples,
  leadTimeSamplesBySupplier,
  planFacts,
  replaceForecasts,
  settingsOf,
  settingsView,
  shelfFacts,
  useInWindow,
  type ForecastRow,
  type ProductPlanFacts,
} from './reorder.repo';

const DAY_MS = 86_400_000;
const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/** The ISO days from `days` days before `today` to yesterday, oldest first. */
export function historyDays(today: Date, days: number): string[] {
  return Array.from({ length: days }, (_v, i) => isoDay(new Date(today.getTime() - (days - i) * DAY_MS)));
}

/** What booked appointments take within the lead time, and within it and the review period (none: null). */
function scheduledOver(days: { day: string; units: number }[] | undefined, today: string, leadDays: number, reviewDays: number) {
  if (!days?.length) return null;
  return { leadTime: useWithin(days, today, leadDays), withReview: useWithin(days, today, leadDays + reviewDays) };
}

/** Days from the first receipt (an ISO day) to today; null when never received here. */
function daysSince(firstReceiptDay: string | null, today: Date): number | null {
  return firstReceiptDay === null ? null : Math.max(0, Math.round((Date.parse(`${isoDay(today)}T00:00:00Z`) - Date.parse(`${firstReceiptDay}T00:00:00Z`)) / DAY_MS));
}

interface LevelsFacts {
  forecast: DemandForecast;
  leadTime: LeadTimeEstimate;
  settings: Required<ReorderSettings>;
  minimumStock: number;
  pinned: { reorderPoint: number; orderUpTo: number } | null;
  scheduled: ReturnType<typeof scheduledOver>;
  packSize: number | null;
  unitPrice: number | undefined;
  linesPerOrder: number;
  /** The product's own and its category's fill-rate targets here, and its last supplier's shipping terms. */
  plan: Pick<ProductPlanFacts, 'productFillRate' | 'category' | 'shipping'> | undefined;
}

/** The fill-rate target a product is planned for: its own, its category's, else the location's. */
const targetOf = (settings: Required<ReorderSettings>, plan: LevelsFacts['plan']) => fillTargetOf({ location: settings.fill_rate, category: plan?.category?.fillRate ?? null, product: plan?.productFillRate ?? null });

/**
 * The levels of one product (issue 51): the fill-rate reorder point over the supplier's lead-time
 * distribution, the order quantity balancing the location's cost per order and the supplier's
 * shipping (shared by the lines a supplier's orders usually carry) against its holding rate, in
 * the last delivery's packs.
 */
function levelsOf(f: LevelsFacts) {
  const costs = {
    orderCost: f.settings.order_cost,
    holdingRate: f.settings.holding_rate,
    linesPerOrder: f.linesPerOrder,
    shipping: f.plan?.shipping ?? null,
    ...(f.packSize ? { packSize: f.packSize } : {}),
    ...(f.unitPrice ? { unitPrice: f.unitPrice } : {}),
  };
  return reorderLevels({
    forecast: f.forecast,
    leadTime: f.leadTime,
    fillRate: targetOf(f.settings, f.plan).rate,
    costs,
    serviceLevel: f.settings.service_level,
    reviewDays: f.settings.review_days,
    minimumStock: f.minimumStock,
    pinned: f.pinned,
    scheduled: f.scheduled,
  });
}

/**
 * Reordering from use and lead time (issue 35; docs/decisions.md, Reorder forecast and policy):
 * the forecast, the learned lead time and the levels of one product at the signed-in location,
 * with the pure code the bench replays (packages/domain/src/reorder).
 */
export function createReorderService(deps: ServiceDeps) {
  const { db } = deps;

  /** One product's reorder facts, computed now (the product page's Reorder panel). */
  async function product(actor: Actor, productId: string): Promise<ProductReorder> {
    const companyId = currentCompanyId(actor);
    if (!(await findProductWithNames(db, { companyId }, productId))) throw notFound();
    const today = await locationDay(db, companyId, deps.now());
    const midnight = new Date(`${today}T00:00:00Z`);
    const days = historyDays(midnight, REORDER_HISTORY_DAYS);
    const [used, shelf] = await Promise.all([dailyUse(db, companyId, productId, days[0]!, days[days.length - 1]!), shelfFacts(db, companyId, productId, today)]);
    const history = days.map((day) => ({ day, units: used.get(day) ?? 0 }));
    const forecast = forecastDemand(historySinceFirstReceipt(history.map((h) => h.units), daysSince(shelf.firstReceiptDay, midnight)));
    const leadTime = learnLeadTime(shelf.lastSupplierId ? await leadTimeSamples(db, companyId, shelf.lastSupplierId) : []);
    const [saved, facts, booked, lines] = await Promise.all([settingsOf(db, companyId), planFacts(db, companyId, [productId]), scheduledUse(db, companyId, today, productId), linesPerOrderBySupplier(db, companyId)]);
    const settings = settingsView(saved);
    const reviewDays = settings.review_days;
    const scheduled = scheduledOver(booked.get(productId), today, leadTime.days, reviewDays);
    const packSize = shelf.lastUnitsPerContainer;
    const unitPrice = shelf.lastPricePerContainer !== null && packSize ? shelf.lastPricePerContainer / packSize : undefined;
    const plan = facts.get(productId);
    const pinned = plan?.pinned ?? null;
    const target = targetOf(settings, plan);
    const levels = levelsOf({ forecast, leadTime, settings, minimumStock: shelf.minimumStock, pinned, scheduled, packSize, unitPrice, linesPerOrder: (shelf.lastSupplierId && lines.get(shelf.lastSupplierId)) || 1, plan });
    const cover = daysOfCover(shelf.usableUnits, forecast, leadTime);
    const planned = levels.source !== 'pinned' && levels.orderUnits !== undefined;
    const suggestion = packSize === null ? null : orderQuantity({ onHand: shelf.usableUnits, onOrder: shelf.onOrderUnits, levels, packSize, ...(unitPrice === undefined ? {} : { unitPrice }) });
    const reasons = [forecast.reason, leadTime.reason, levels.reason, suggestion?.reason, packSize === null && levels.reorderPoint >= shelf.usableUnits + shelf.onOrderUnits ? 'Never received here: no supplier or pack to order from yet' : undefined].filter((r): r is string => Boolean(r));
    return {
      product_id: productId,
      method: forecast.method,
      method_label: FORECAST_METHOD_LABELS[forecast.method],
      daily_use: round(forecast.dailyMean, 3),
      history,
      usable_units: round(shelf.usableUnits, 3),
      on_order_units: round(shelf.onOrderUnits, 3),
      minimum_stock: shelf.minimumStock,
      lead_time: {
        days: round(leadTime.days, 1),
        learned: leadTime.learned,
        samples: leadTime.samples,
        supplier_name: shelf.lastSupplierName,
        late_share: round(leadTime.lateShare, 3),
        distribution: leadTime.distribution.map((p) => ({ days: p.days, share: round(p.share, 3) })),
      },
      reorder_point: levels.reorderPoint,
      order_up_to: levels.orderUpTo,
      safety_stock: round(levels.safetyStock, 1),
      source: levels.source,
      service_level: settings.service_level,
      fill_rate: target.rate,
      fill_rate_source: target.source,
      fill_rates: {
        location: settings.fill_rate,
        category: plan?.category ? { id: plan.category.id, name: plan.category.name, fill_rate: plan.category.fillRate } : null,
        product: plan?.productFillRate ?? null,
      },
      supplier_id: shelf.lastSupplierId,
      shipping: plan?.shipping && shelf.lastSupplierId === plan.lastSupplierId ? { shipping_fee: plan.shipping.fee, free_shipping_over: plan.shipping.freeOver } : null,
      expected_fill: planned && levels.expectedFill !== undefined ? round(levels.expectedFill, 4) : null,
      // Held on average: the safety stock plus half an order, at the last price.
      stock_cost: planned && unitPrice !== undefined ? round((levels.safetyStock + levels.orderUnits! / 2) * unitPrice) : null,
      order_units: planned ? levels.orderUnits! : null,
      order_why: planned ? (levels.why ?? null) : null,
      pinned: facts.get(productId)?.pinned ? { reorder_point: facts.get(productId)!.pinned!.reorderPoint, order_up_to: facts.get(productId)!.pinned!.orderUpTo } : null,
      review_days: reviewDays,
      days_of_cover: cover.days === null ? null : round(cover.days, 1),
      runs_out_before_delivery: cover.runsOutBeforeDelivery,
      suggested_units: suggestion?.units ?? 0,
      pack_size: packSize,
      reasons,
    };
  }

  /** One location's forecasts replaced and its alerts refreshed; the number of forecasts written. */
  /** `today`: the location's own day (issue 53: the nightly job passes it, or it is read here). */
  async function forecastCompany(companyId: string, now: Date, day?: string): Promise<number> {
    const today = day ?? (await locationDay(db, companyId, now));
    const days = historyDays(new Date(`${today}T00:00:00Z`), REORDER_HISTORY_DAYS);
    const index = new Map(days.map((d, i) => [d, i]));
    const use = await useInWindow(db, companyId, days[0]!, days[days.length - 1]!);
    const series = new Map<string, number[]>();
    for (const row of use) {
      const at = index.get(row.day);
      if (at === undefined) continue;
      const history = series.get(row.productId) ?? new Array<number>(days.length).fill(0);
      history[at] = (history[at] ?? 0) + row.units;
      series.set(row.productId, history);
    }
    const [saved, facts, samples, booked, lines] = await Promise.all([
      settingsOf(db, companyId),
      planFacts(db, companyId, [...series.keys()]),
      leadTimeSamplesBySupplier(db, companyId),
      scheduledUse(db, companyId, today),
      linesPerOrderBySupplier(db, companyId),
    ]);
    const settings = settingsView(saved);
    const forecasts: ForecastRow[] = [];
    for (const [productId, history] of series) {
      const fact = facts.get(productId);
      const forecast = forecastDemand(historySinceFirstReceipt(history, daysSince(fact?.firstReceiptDay ?? null, new Date(`${today}T00:00:00Z`))));
      if (forecast.method === 'none') continue;
      const leadTime = learnLeadTime(fact?.lastSupplierId ? (samples.get(fact.lastSupplierId) ?? []) : []);
      const packSize = fact?.lastUnitsPerContainer ?? null;
      const unitPrice = fact?.lastPricePerContainer != null && packSize ? fact.lastPricePerContainer / packSize : undefined;
      const levels = levelsOf({
        forecast,
        leadTime,
        settings,
        minimumStock: fact?.minimumStock ?? 0,
        pinned: fact?.pinned ?? null,
        scheduled: scheduledOver(booked.get(productId), today, leadTime.days, settings.review_days),
        packSize,
        unitPrice,
        linesPerOrder: (fact?.lastSupplierId && lines.get(fact.lastSupplierId)) || 1,
        plan: fact,
      });
      const planned = levels.source !== 'pinned';
      forecasts.push({
        productId,
        method: forecast.method,
        dailyUse: round(forecast.dailyMean, 4),
        leadTimeDays: round(leadTime.days, 1),
        reorderPoint: levels.reorderPoint,
        orderUpTo: levels.orderUpTo,
        expectedFill: planned && levels.expectedFill !== undefined ? round(levels.expectedFill, 4) : null,
        why: planned ? (levels.why ?? null) : null,
      });
    }
    await db.transaction(async (tx) => {
      await replaceForecasts(tx, companyId, forecasts, now);
      await refreshAlerts(tx, { companyId }, { at: now, expiryWindowDays: deps.alertExpiryWindowDays });
    });
    return forecasts.length;
  }

  async function categoryTargets(companyId: string): Promise<CategoryFillRates> {
    return (await categoryFillRates(db, companyId)).map((r) => ({ category_id: r.categoryId, category_name: r.categoryName, fill_rate: r.fillRate }));
  }

  /** A supplier the location buys from: its own or a shared one (another location's: 404). */
  async function assertSupplierSeen(actor: Actor, supplierId: string): Promise<void> {
    const supplier = await findSupplierById(db, supplierId);
    if (!supplier || !canSeeOwned(actor, supplier.companyId)) throw notFound();
  }

  async function shippingView(companyId: string, supplierId: string): Promise<SupplierShippingView> {
    const terms = await shippingOf(db, companyId, supplierId);
    return { supplier_id: supplierId, shipping: terms ? { shipping_fee: terms.fee, free_shipping_over: terms.freeOver } : null };
  }

  return {
    product,

    async settings(actor: Actor): Promise<Required<ReorderSettings>> {
      return settingsView(await settingsOf(db, currentCompanyId(actor)));
    },

    /** The location's service level and review period; the next forecasts (and the product page now) use them. */
    async saveSettings(actor: Actor, body: ReorderSettings): Promise<Required<ReorderSettings>> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const autoSend = body.auto_send_under === undefined ? undefined : body.auto_send_under === null ? null : { under: body.auto_send_under, by: actor.userId };
        // Fill rate and costs left out of a request stay as they were.
        const now = settingsView(await settingsOf(tx, companyId));
        await saveSettings(
          tx,
          companyId,
          { serviceLevel: body.service_level, reviewDays: body.review_days, fillRate: body.fill_rate ?? now.fill_rate, orderCost: body.order_cost ?? now.order_cost, holdingRate: body.holding_rate ?? now.holding_rate },
          autoSend,
        );
        await recordAudit(tx, actor, { entity: 'reorder_settings', entityId: companyId, action: 'update', organizationId: actor.organizationId, companyId, changes: { ...body } });
      });
      return settingsView(await settingsOf(db, companyId));
    },

    /** Issue 51: a product's own fill-rate target at the location (null: its category's or the location's again). */
    async setProductFillRate(actor: Actor, productId: string, body: FillRateTarget | null): Promise<ProductReorder> {
      const companyId = currentCompanyId(actor);
      if (!(await findProductWithNames(db, { companyId }, productId))) throw notFound();
      await db.transaction(async (tx) => {
        await saveProductFillRate(tx, companyId, productId, body?.fill_rate ?? null);
        await recordAudit(tx, actor, { entity: 'product', entityId: productId, action: body ? 'set_fill_rate' : 'clear_fill_rate', organizationId: actor.organizationId, companyId, changes: body ? { ...body } : {} });
      });
      return product(actor, productId);
    },

    /** The location's category targets. */
    categoryFillRates: (actor: Actor) => categoryTargets(currentCompanyId(actor)),

    /** Issue 51: a category's fill-rate target at the location, for a category the location sees (null: cleared). */
    async setCategoryFillRate(actor: Actor, categoryId: string, body: FillRateTarget | null): Promise<CategoryFillRates> {
      const companyId = currentCompanyId(actor);
      const category = await findCategoryById(db, categoryId);
      if (!category || !canSeeOwned(actor, category.companyId)) throw notFound();
      await db.transaction(async (tx) => {
        await saveCategoryFillRate(tx, companyId, categoryId, body?.fill_rate ?? null);
        await recordAudit(tx, actor, { entity: 'category', entityId: categoryId, action: body ? 'set_fill_rate' : 'clear_fill_rate', organizationId: actor.organizationId, companyId, changes: body ? { ...body } : {} });
      });
      return categoryTargets(companyId);
    },

    /** Issue 51: a supplier's shipping terms at the location (null where none are set). */
    async shipping(actor: Actor, supplierId: string): Promise<SupplierShippingView> {
      await assertSupplierSeen(actor, supplierId);
      return shippingView(currentCompanyId(actor), supplierId);
    },

    /** A supplier's shipping fee and free-shipping threshold at the location, or cleared (null); the next forecasts weigh them. */
    async setShipping(actor: Actor, supplierId: string, body: SupplierShipping | null): Promise<SupplierShippingView> {
      const companyId = currentCompanyId(actor);
      await assertSupplierSeen(actor, supplierId);
      await db.transaction(async (tx) => {
        await saveShipping(tx, companyId, supplierId, body ? { fee: body.shipping_fee, freeOver: body.free_shipping_over } : null);
        await recordAudit(tx, actor, { entity: 'supplier', entityId: supplierId, action: body ? 'set_shipping' : 'clear_shipping', organizationId: actor.organizationId, companyId, changes: body ? { ...body } : {} });
      });
      return shippingView(companyId, supplierId);
    },

    /** A product's levels set by hand at the location (null: follow the forecast again). */
    async pinLevels(actor: Actor, productId: string, body: PinReorderLevels | null): Promise<ProductReorder> {
      const companyId = currentCompanyId(actor);
      if (!(await findProductWithNames(db, { companyId }, productId))) throw notFound();
      await db.transaction(async (tx) => {
        await savePinnedLevels(tx, companyId, productId, body ? { reorderPoint: body.reorder_point, orderUpTo: body.order_up_to } : null);
        await recordAudit(tx, actor, { entity: 'product', entityId: productId, action: body ? 'pin_reorder_levels' : 'unpin_reorder_levels', organizationId: actor.organizationId, companyId, changes: body ? { ...body } : {} });
      });
      return product(actor, productId);
    },

    /**
     * The daily job (and the Refresh of the reorder page): every location's forecasts of the
     * products it used in the last twelve weeks, replaced, then its alerts refreshed so the "runs
     * out" alert follows. A location at a time; two runs at once write the same rows.
     */
    async refreshForecasts(): Promise<number> {
      const now = deps.now();
      let written = 0;
      for (const companyId of await companiesToForecast(db, historyDays(now, REORDER_HISTORY_DAYS)[0]!)) written += await forecastCompany(companyId, now);
      return written;
    },

    /**
     * One location's forecasts and alerts refreshed now (the suggested orders' Draft now button, the
     * nightly per-location job, which passes the location's own day as `today`).
     */
    refreshCompany: (companyId: string, today?: string) => forecastCompany(companyId, deps.now(), today),

    /** The locations the nightly forecasts are for: use in the last twelve weeks, or forecasts to replace (issue 53: a job each). */
    companiesToForecast: () => companiesToForecast(db, historyDays(deps.now(), REORDER_HISTORY_DAYS)[0]!),
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
