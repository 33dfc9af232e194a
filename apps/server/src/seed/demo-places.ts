import { atClock, type ServiceDeps } from '../services';
import type { Actor } from '../core/actor';
import { createPlacesService } from '../modules/places/places.service';
import { createStockService } from '../modules/stock/stock.service';
import { stockIdsByLot } from './demo-seed.repo';
import { DEMO_MOVES, DEMO_PLACES } from './demo-places-data';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Downtown's storage places and the units moved there (issue 34), by its manager through the
 * places service and the stock service's move (the ledger's door), each on the day it happened.
 * Added once: a location that already has a place besides its default one is left as it is.
 */
export async function seedDemoPlaces(deps: ServiceDeps, manager: Actor, now: Date): Promise<void> {
  const places = createPlacesService(deps);
  const existing = (await places.list(manager, { include_retired: true })).places;
  if (existing.some((p) => !p.is_default)) return;
  const lots = await stockIdsByLot(deps.db, manager.companyId!, DEMO_MOVES.map((m) => m.lot));
  if (lots.size < new Set(DEMO_MOVES.map((m) => m.lot)).size) return;
  const ids = new Map<string, string>();
  for (const name of DEMO_PLACES) ids.set(name, (await places.create(manager, { name })).id);
  for (const [index, move] of DEMO_MOVES.entries()) {
    const stock = createStockService(atClock(deps, () => new Date(now.getTime() - move.daysAgo * DAY_MS) ));
    await stock.move(manager, lots.get(move.lot)!, { units: move.units, place_id: ids.get(move.to)!, idempotency_key: `demo-move-${String(index + 1)}` });
  }
}
