import { PLACE_MESSAGES, type CreatePlaceRequest, type Place, type PlaceList, type PlaceListQuery, type RenamePlaceRequest } from '@clinic/domain';
import type { ServiceDeps } from '../../services';
import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import { conflict, notFound } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit } from '../audit/audit.writes';
import { findPlace, insertPlace, isPlaceNameTaken, listPlaces, lockPlace, unitsIn, updatePlace, type PlaceRow } from './places.repo';

function toPlace(row: PlaceRow, units = 0, lots = 0): Place {
  return {
    id: row.id,
    name: row.name,
    is_default: row.isDefault,
    units,
    lots,
    retired_at: row.retiredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Storage places of the signed-in location (issue 34). Everyone at the location reads them (the
 * forms' place pickers); the location's admins (who may update the location) name, rename and
 * retire them. Another location's place answers 404.
 */
export function createPlacesService(deps: ServiceDeps) {
  const { db } = deps;
  const audit = (tx: Parameters<typeof recordAudit>[0], actor: Actor, companyId: string, entityId: string, action: string, changes: Record<string, unknown>) =>
    recordAudit(tx, actor, { entity: 'storage_place', entityId, action, organizationId: actor.organizationId, companyId, changes });
  // Two admins naming the same place at once: the unique index decides, with the same answer.
  const duplicate = (name: string) => (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(PLACE_MESSAGES.duplicateName(name));
    throw error;
  };

  async function placeOf(actor: Actor, id: string): Promise<PlaceRow> {
    const row = await findPlace(db, currentCompanyId(actor), id);
    if (!row) throw notFound();
    return row;
  }

  async function withUnits(actor: Actor, id: string): Promise<Place> {
    const rows = await listPlaces(db, currentCompanyId(actor), true);
    const found = rows.find((r) => r.place.id === id);
    if (!found) throw notFound();
    return toPlace(found.place, found.units, found.lots);
  }

  return {
    async list(actor: Actor, query: PlaceListQuery): Promise<PlaceList> {
      const rows = await listPlaces(db, currentCompanyId(actor), query.include_retired ?? false);
      return { places: rows.map((r) => toPlace(r.place, r.units, r.lots)) };
    },

    async create(actor: Actor, body: CreatePlaceRequest): Promise<Place> {
      const companyId = currentCompanyId(actor);
      if (await isPlaceNameTaken(db, companyId, body.name)) throw conflict(PLACE_MESSAGES.duplicateName(body.name));
      const row = await db
        .transaction(async (tx) => {
          const created = await insertPlace(tx, { companyId, name: body.name });
          await audit(tx, actor, companyId, created.id, 'create', { name: body.name });
          return created;
        })
        .catch(duplicate(body.name));
      return toPlace(row);
    },

    async rename(actor: Actor, id: string, body: RenamePlaceRequest): Promise<Place> {
      const current = await placeOf(actor, id);
      if (current.retiredAt) throw conflict(PLACE_MESSAGES.retired);
      if (await isPlaceNameTaken(db, current.companyId, body.name, id)) throw conflict(PLACE_MESSAGES.duplicateName(body.name));
      await db
        .transaction(async (tx) => {
          await updatePlace(tx, id, { name: body.name });
          await audit(tx, actor, current.companyId, id, 'rename', { from: current.name, name: body.name });
        })
        .catch(duplicate(body.name));
      return withUnits(actor, id);
    },

    /**
     * Retired only when empty: units still there must be moved first (a retired place takes no
     * units, and lots would otherwise sit somewhere nobody can pick). The default place stays.
     * The place is locked, and a move into it locks it too, so nothing arrives in between.
     */
    async retire(actor: Actor, id: string): Promise<Place> {
      const companyId = currentCompanyId(actor);
      await db.transaction(async (tx) => {
        const place = await lockPlace(tx, companyId, id);
        if (!place) throw notFound();
        if (place.retiredAt) throw conflict(PLACE_MESSAGES.alreadyRetired);
        if (place.isDefault) throw conflict(PLACE_MESSAGES.retireDefault);
        const units = await unitsIn(tx, companyId, id);
        if (units > 0) throw conflict(PLACE_MESSAGES.retireHoldsUnits(place.name, Math.round(units * 1000) / 1000));
        await updatePlace(tx, id, { retiredAt: deps.now() });
        await audit(tx, actor, companyId, id, 'retire', { name: place.name });
      });
      return withUnits(actor, id);
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
