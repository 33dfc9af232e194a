import type { AssistantToolName } from '@clinic/domain';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../core/actor';
import { canSeeOwned } from '../../core/access';
import { findCategoryById, findCategoryByName } from '../categories/categories.reads';
import { findProductWithNames, listProductIds } from '../products/products.reads';
import { findSupplierById, listSuppliers } from '../suppliers/suppliers.reads';

export interface Named {
  id: string;
  name: string;
}

/** What a name said aloud found: exactly one record, or several to pick from (none is several = 0). */
export type Resolution = { found: Named } | { candidates: Named[] };

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Turns names the user said into the records of their location (the catalog's fuzzy search for
 * products, the suppliers and categories they may use), and ids a tool call carries back into
 * names for the confirmation card. Only what the actor may see is ever found.
 */
export function createAssistantResolver(db: DbOrTx) {
  const reader = (actor: Actor) => ({ companyId: actor.role === 'admin' ? null : actor.companyId });

  async function pick(candidates: Named[], said: string): Promise<Resolution> {
    const exact = candidates.filter((c) => sameName(c.name, said));
    if (exact.length === 1) return { found: exact[0]! };
    if (candidates.length === 1) return { found: candidates[0]! };
    return { candidates };
  }

  return {
    async product(actor: Actor, said: string): Promise<Resolution> {
      const { ids } = await listProductIds(db, reader(actor), { fuzzySearchQuery: said, approval: 'all' }, { offset: 0, limit: 5 });
      const rows = await Promise.all(ids.map((id) => findProductWithNames(db, reader(actor), id)));
      return pick(rows.flatMap((r) => (r ? [{ id: r.product.id, name: r.product.name }] : [])), said);
    },

    async supplier(actor: Actor, said: string): Promise<Resolution> {
      const { records } = await listSuppliers(db, actor.companyId, said, { offset: 0, limit: 5 });
      return pick(records.map((s) => ({ id: s.id, name: s.name })), said);
    },

    async category(actor: Actor, said: string): Promise<Named | null> {
      const row = (actor.companyId ? await findCategoryByName(db, actor.companyId, said) : null) ?? (await findCategoryByName(db, null, said));
      return row ? { id: row.id, name: row.name } : null;
    },

    /**
     * The names behind a tool call's ids, for the confirmation card; a message instead when an id
     * is not something this user can use (the model made it up, or it belongs elsewhere).
     */
    async describe(actor: Actor, name: AssistantToolName, args: Record<string, unknown>): Promise<{ display: Record<string, string> } | { problem: string }> {
      const display: Record<string, string> = {};
      if (name === 'create_stock') {
        const product = await findProductWithNames(db, reader(actor), String(args.product_id));
        if (!product) return { problem: 'That product is not in your catalog.' };
        const supplier = await findSupplierById(db, String(args.supplier_id));
        if (!supplier || !canSeeOwned(actor, supplier.companyId)) return { problem: 'That supplier is not one of yours.' };
        display.product_name = product.product.name;
        display.supplier_name = supplier.name;
      }
      if (name === 'create_product') {
        const category = await findCategoryById(db, String(args.category_id));
        if (!category || !canSeeOwned(actor, category.companyId)) return { problem: 'That category is not one of yours.' };
        display.category_name = category.name;
      }
      return { display };
    },
  };
}

export type AssistantResolver = ReturnType<typeof createAssistantResolver>;
