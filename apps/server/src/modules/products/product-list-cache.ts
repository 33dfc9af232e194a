import { LRUCache } from 'lru-cache';
import type { ProductFilter } from '@clinic/domain';
import type { Db } from '../../db/client';
import type { CatalogReader, ProductIdPage } from './products.repo';
import { preparedCatalogVersion } from './catalog-version.repo';

interface Entry extends ProductIdPage {
  version: number;
}

/**
 * Remembers which products a list page shows (its ids in order and the filter's total) per reader,
 * filter and page, for as long as the catalog version it was read at is current. Ranking and
 * counting every match of a broad term ("composite": thousands of products) is the costly part of
 * a search, and the same searches come back all day: the web list prefetches the next two pages
 * and the previous one, and the staff of a location look up the same products. The rows themselves
 * (names, minimum stock, images) are always read fresh by id.
 *
 * The version moves at the commit of any change to which products a list shows (migration 0018),
 * and it is read before the page, so an entry is never older than the data it was stored under:
 * it serves every server process sharing the database correctly. Lists filtered on stock
 * (`in_stock_only`) change with every consumption and are never kept.
 */
export function createProductListCache(db: Db, max = 5000) {
  const catalogVersion = preparedCatalogVersion(db);
  const entries = new LRUCache<string, Entry>({ max });

  function keyOf(reader: CatalogReader, filter: ProductFilter, page: { offset: number; limit: number }): string {
    const term = filter.fuzzySearchQuery?.trim().toLowerCase() ?? '';
    return JSON.stringify([reader.companyId, term, filter.category_id ?? null, filter.approval, filter.include_deleted ?? false, page.offset, page.limit]);
  }

  return {
    /**
     * The remembered page, whatever catalog version it was read at: the caller reads the rows
     * with the current version in one statement and uses the entry only when the two agree.
     */
    peek(reader: CatalogReader, filter: ProductFilter, page: { offset: number; limit: number }): Entry | undefined {
      return filter.in_stock_only ? undefined : entries.get(keyOf(reader, filter, page));
    },

    /** The page as the catalog is now: remembered when the version still matches, else loaded. */
    async page(reader: CatalogReader, filter: ProductFilter, page: { offset: number; limit: number }, load: () => Promise<ProductIdPage>): Promise<ProductIdPage> {
      if (filter.in_stock_only) return load();
      const version = await catalogVersion();
      const key = keyOf(reader, filter, page);
      const hit = entries.get(key);
      if (hit && hit.version === version) return hit;
      const loaded = await load();
      entries.set(key, { ...loaded, version });
      return loaded;
    },
  };
}

export type ProductListCache = ReturnType<typeof createProductListCache>;
