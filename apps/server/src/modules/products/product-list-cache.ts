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
/** How the cache reads a page: the ids afresh, and the rows of some ids with the version they were read at. */
export interface PageReaders<Row> {
  loadIds: () => Promise<ProductIdPage>;
  /** `version` is null when there were no rows to carry it. */
  loadRows: (ids: string[]) => Promise<{ rows: Row[]; version: number | null }>;
}

export function createProductListCache(db: Db, max = 5000) {
  const catalogVersion = preparedCatalogVersion(db);
  const entries = new LRUCache<string, Entry>({ max });

  function keyOf(reader: CatalogReader, filter: ProductFilter, page: { offset: number; limit: number }): string {
    const term = filter.fuzzySearchQuery?.trim().toLowerCase() ?? '';
    return JSON.stringify([reader.companyId, term, filter.category_id ?? null, filter.approval, filter.include_deleted ?? false, page.offset, page.limit]);
  }

  /** The ids and total as the catalog is now: remembered while the version matches, else loaded. */
  async function idPage(key: string | null, loadIds: () => Promise<ProductIdPage>): Promise<ProductIdPage> {
    if (key === null) return loadIds();
    const version = await catalogVersion();
    const hit = entries.get(key);
    if (hit && hit.version === version) return hit;
    const loaded = await loadIds();
    entries.set(key, { ...loaded, version });
    return loaded;
  }

  return {
    /**
     * One list page's rows and the filter's total. A remembered page is checked with its rows in
     * one statement (they carry the version they were read at): one round trip when it holds.
     */
    async page<Row>(reader: CatalogReader, filter: ProductFilter, page: { offset: number; limit: number }, readers: PageReaders<Row>): Promise<{ rows: Row[]; total: number }> {
      const key = filter.in_stock_only ? null : keyOf(reader, filter, page);
      const remembered = key === null ? undefined : entries.get(key);
      if (remembered && remembered.ids.length > 0) {
        const { rows, version } = await readers.loadRows(remembered.ids);
        if (version === remembered.version) return { rows, total: remembered.total };
      }
      const { ids, total } = await idPage(key, readers.loadIds);
      return { rows: (await readers.loadRows(ids)).rows, total };
    },
  };
}
