import { atClock, type ServiceDeps } from '../services';
import type { Actor } from '../core/actor';
import { createTransfersService } from '../modules/transfers/transfers.service';
import { productOfStock, stockIdsByLot } from './demo-seed.repo';
import { DEMO_TRANSFER } from './demo-transfers-data';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A transfer in transit from Downtown to Lakeside (issue 34, item 3), sent by Downtown's manager
 * through the transfers service (the ledger's door) on the day it happened. Added once: a location
 * that already has a transfer is left as it is.
 */
export async function seedDemoTransfers(deps: ServiceDeps, manager: Actor, lakesideId: string, now: Date): Promise<void> {
  const transfers = createTransfersService(atClock(deps, () => new Date(now.getTime() - DEMO_TRANSFER.daysAgo * DAY_MS) ));
  if ((await transfers.list(manager, { currentPage: 1, perPage: 1 })).total > 0) return;
  const stockId = (await stockIdsByLot(deps.db, manager.companyId!, [DEMO_TRANSFER.lot])).get(DEMO_TRANSFER.lot);
  if (!stockId) return;
  const productId = await productOfStock(deps.db, stockId);
  await transfers.create(manager, {
    from_company_id: manager.companyId!,
    to_company_id: lakesideId,
    items: [{ product_id: productId, units: DEMO_TRANSFER.units, stock_id: stockId }],
    note: DEMO_TRANSFER.note,
    ship: true,
    idempotency_key: DEMO_TRANSFER.idempotencyKey,
  });
}
