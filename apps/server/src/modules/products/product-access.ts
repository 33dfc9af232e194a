import type { Actor } from '../../core/actor';
import { currentCompanyId } from '../../core/access';
import type { CatalogReader, ProductRow } from './products.repo';

/** The catalog reader an actor is: the product admin reads everything, a location its view. */
export const readerOf = (actor: Actor): CatalogReader => ({ companyId: actor.role === 'admin' ? null : currentCompanyId(actor) });

/** Spec section 5: the admin can always edit; a location only its own product until approved. */
export function isEditableBy(actor: Actor, product: Pick<ProductRow, 'companyId' | 'isApproved'>): boolean {
  return actor.role === 'admin' || (!product.isApproved && product.companyId !== null && product.companyId === actor.companyId);
}
