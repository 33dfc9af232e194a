import { sql } from 'drizzle-orm';
import { localTime } from '@clinic/domain';
import type { DbOrTx } from './client';
import { rowsOf } from './rows';

/**
 * "Today" at a location (issue 53 item 3): the calendar day of its own time zone
 * (companies.time_zone; none: UTC). Expiry dates are days without a time zone, so a lot expires at
 * the location's midnight: the ledger's allocation, the alerts, the usable-stock reads, the trays
 * and the reports all ask this one place.
 *
 * A location's zone is read once and kept for ZONE_TTL_MS in this process: a consumption asks for
 * it on every request. A change made through PATCH /company/:id is forgotten at once here
 * (forgetLocationZone); other server processes take it within the TTL.
 */
const ZONE_TTL_MS = 60_000;
const zones = new Map<string, { zone: string | null; readAt: number }>();

function keptZone(companyId: string, now: number): string | null | undefined {
  const kept = zones.get(companyId);
  return kept && now - kept.readAt < ZONE_TTL_MS ? kept.zone : undefined;
}

/** The location's zone changed (or it is gone): the next read asks the database. */
export function forgetLocationZone(companyId: string): void {
  zones.delete(companyId);
}

/**
 * The location's day at `at`, as an ISO date; without a location (the product admin), the UTC day.
 * `db` is the caller's transaction where it has one (PGlite runs one connection: a read outside
 * the open transaction would wait for it).
 */
export async function locationDay(db: DbOrTx, companyId: string | null, at: Date): Promise<string> {
  if (companyId === null) return localTime(at, null).day;
  const now = Date.now();
  let zone = keptZone(companyId, now);
  if (zone === undefined) {
    const [row] = await rowsOf<{ time_zone: string | null }>(db, sql`select time_zone from companies where id = ${companyId}::uuid`);
    zone = row?.time_zone ?? null;
    zones.set(companyId, { zone, readAt: now });
  }
  return localTime(at, zone).day;
}

/**
 * The location's zone changed: what is summed by its days (the reports' daily and monthly
 * rollups, migration 0051) is summed again by its new days, in the caller's transaction.
 */
export async function redayLocationRollups(tx: DbOrTx, companyId: string): Promise<void> {
  await tx.execute(sql`select report_rollups_rebuild(${companyId}::uuid)`);
}

/** Which locations a many-location read covers: every location, or one location's organization. */
export interface LocationsScope {
  organizationOf?: string | undefined;
}

/**
 * The locations of a scope grouped by their day at `at`: at any instant the world spans at most
 * three calendar days, so a statement over many locations runs once per day with that day's
 * locations (the background alert scan, a recall across an organization).
 */
export async function locationsByDay(db: DbOrTx, scope: LocationsScope, at: Date): Promise<Map<string, string[]>> {
  const rows = await rowsOf<{ id: string; time_zone: string | null }>(
    db,
    scope.organizationOf
      ? sql`select id, time_zone from companies where organization_id = (select organization_id from companies where id = ${scope.organizationOf}::uuid)`
      : sql`select id, time_zone from companies`,
  );
  const now = Date.now();
  const byDay = new Map<string, string[]>();
  for (const row of rows) {
    zones.set(row.id, { zone: row.time_zone, readAt: now });
    const day = localTime(at, row.time_zone).day;
    byDay.set(day, [...(byDay.get(day) ?? []), row.id]);
  }
  return byDay;
}
