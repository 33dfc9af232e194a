import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { canSeeCompany, ownerCompanyFor } from '../../core/access';
import { AppError } from '../../core/errors';
import { findCompanyById } from '../companies/companies.reads';

/**
 * The location an import writes location records to (stock, treatment designs): the one named,
 * if the actor may see it, else the actor's own (none for the product admin).
 */
export async function importLocation(db: DbOrTx, actor: Actor, locationId: string | undefined): Promise<string | null> {
  if (!locationId) return ownerCompanyFor(actor);
  const location = await findCompanyById(db, locationId);
  if (!location || !canSeeCompany(actor, location)) throw new AppError('BAD_REQUEST', 'Location not found', { field: 'location_id' });
  return location.id;
}
