import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stocks, storagePlaces } from '../../db/schema/index';

export type PlaceRow = typeof storagePlaces.$inferSelect;

/** A location's places with the units and lots they hold now; the default first, then by name. */
export async function listPlaces(db: DbOrTx, companyId: string, includeRetired: boolean) {
  const held = sql`${stocks.placeId} = ${storagePlaces.id} and ${stocks.companyId} = ${storagePlaces.companyId} and ${stocks.deletedAt} is null and ${stocks.unitsLeft} > 0`;
  return db
    .select({
      place: storagePlaces,
      units: sql<number>`(select coalesce(sum(floor(${stocks.unitsLeft})), 0) from ${stocks} where ${held})`.mapWith(Number),
      lots: sql<number>`(select count(*) from ${stocks} where ${held})`.mapWith(Number),
    })
    .from(storagePlaces)
    .where(and(eq(storagePlaces.companyId, companyId), includeRetired ? undefined : isNull(storagePlaces.retiredAt)))
    .orderBy(desc(storagePlaces.isDefault), sql`${storagePlaces.retiredAt} is not null`, asc(sql`lower(${storagePlaces.name})`), asc(storagePlaces.id));
}

export async function findPlace(db: DbOrTx, companyId: string, id: string): Promise<PlaceRow | undefined> {
  const [row] = await db.select().from(storagePlaces).where(and(eq(storagePlaces.id, id), eq(storagePlaces.companyId, companyId)));
  return row;
}

/** Locks a place while it is retired, so no lot moves in between the check and the retirement. */
export async function lockPlace(tx: DbOrTx, companyId: string, id: string): Promise<PlaceRow | undefined> {
  const [row] = await tx.select().from(storagePlaces).where(and(eq(storagePlaces.id, id), eq(storagePlaces.companyId, companyId))).for('update');
  return row;
}

export async function isPlaceNameTaken(db: DbOrTx, companyId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: storagePlaces.id })
    .from(storagePlaces)
    .where(and(eq(storagePlaces.companyId, companyId), isNull(storagePlaces.retiredAt), sql`lower(${storagePlaces.name}) = lower(${name})`, exceptId ? ne(storagePlaces.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertPlace(tx: DbOrTx, values: { companyId: string; name: string }): Promise<PlaceRow> {
  const [row] = await tx.insert(storagePlaces).values(values).returning();
  return row!;
}

export async function updatePlace(tx: DbOrTx, id: string, values: Partial<Pick<PlaceRow, 'name' | 'retiredAt'>>): Promise<void> {
  await tx.update(storagePlaces).set(values).where(eq(storagePlaces.id, id));
}

/** The units still on the shelf in a place (live lots), read under the place's lock. */
export async function unitsIn(tx: DbOrTx, companyId: string, placeId: string): Promise<number> {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${stocks.unitsLeft}), 0)`.mapWith(Number) })
    .from(stocks)
    .where(and(eq(stocks.companyId, companyId), eq(stocks.placeId, placeId), isNull(stocks.deletedAt)));
  return row?.units ?? 0;
}

/** Names of places by id, for answers that carry a lot's place. */
export async function placeNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: storagePlaces.id, name: storagePlaces.name }).from(storagePlaces).where(sql`${storagePlaces.id} = any(${sql.param([...new Set(ids)])}::uuid[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
