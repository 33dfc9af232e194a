import { atClock, type ServiceDeps } from '../services';
import type { Actor } from '../core/actor';
import { createCountsService } from '../modules/counts/counts.service';
import { catalogProductIds, unitsLeftByStock } from './demo-seed.repo';
import { DEMO_COUNT_DAYS_AGO, DEMO_COUNT_DIFFERENCES, DEMO_FOUND_LOT } from './demo-counts-data';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downtown's finished count (issue 34), through the counts service as staff would do it: the
 * manager starts a count of the whole location, the hygienist counts every lot (the figures of
 * DEMO_COUNT_DIFFERENCES differ from the books), adds a found box and submits, the manager
 * approves, so the differences go on the ledger. Added once: a location with a count is left alone.
 */
export async function seedDemoCount(deps: ServiceDeps, manager: Actor, counter: Actor, now: Date): Promise<void> {
  const at = new Date(now.getTime() - DEMO_COUNT_DAYS_AGO * DAY_MS);
  const counts = createCountsService(atClock(deps, () => at ));
  if ((await counts.list(manager, { currentPage: 1, perPage: 1 })).total > 0) return;
  const count = await counts.start(manager, { scope: 'location' });
  const variance = new Map(DEMO_COUNT_DIFFERENCES.map((d) => [d.lot, d.variance]));
  for (let page = 1; ; page++) {
    const lines = await counts.lines(counter, count.id, { currentPage: page, perPage: 100 });
    const books = await unitsLeftByStock(deps.db, lines.results.flatMap((l) => (l.stock_id ? [l.stock_id] : [])));
    for (const line of lines.results) {
      // The shelf held what the books say, unless the demo says otherwise.
      const counted = Math.max(0, (books.get(line.stock_id ?? '') ?? 0) + (variance.get(line.lot_number) ?? 0));
      await counts.saveLine(counter, count.id, line.id, { counted_units: counted });
    }
    if (page >= lines.lastPage) break;
  }
  const productId = (await catalogProductIds(deps.db, [DEMO_FOUND_LOT.product])).get(DEMO_FOUND_LOT.product);
  if (productId) {
    const expiry = new Date(now.getTime() + DEMO_FOUND_LOT.expiresInDays * DAY_MS).toISOString().slice(0, 10);
    await counts.addFound(counter, count.id, { product_id: productId, lot_number: DEMO_FOUND_LOT.lotNumber, expiry_date: expiry, counted_units: DEMO_FOUND_LOT.units });
  }
  await counts.submit(counter, count.id);
  await counts.approve(manager, count.id);
}
