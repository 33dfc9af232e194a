import { LRUCache } from 'lru-cache';
import { ProductFilterSchema, type ProductFilter, type ProductListOrder, type ProductListSort } from '@clinic/domain';
import type { Db } from '../../db/client';
import type { CatalogReader, ProductIdPage } from './products.repo';
import { preparedCatalogVersion } from './catalog-version.repo';

interface Entry extends ProductIdPage {
  version: number;
  /** A ranking only: it holds every match up to the cap, so any page within the cap is a slice of it. */
  complete?: boolean;
}

/**
 * How far a search's first ranking reaches: the first 30 pages of 10. Ranking the top 300 of a
 * broad term costs about what its top 10 does; the whole ranking (up to the cap) is read only once
 * a page beyond is asked.
 */
const FIRST_RANKING = 300;

/** A column of the tables migration 0018's triggers watch, as `table.column`. */
export type CatalogColumn = `products.${string}` | `product_company_settings.${string}`;

/** What a filter field does to a list, for the cache. */
type FilterFieldUse<Value> =
  /** The catalog columns its condition reads, and how its value enters the key when values that differ select alike. */
  | { reads: readonly CatalogColumn[]; keyValue?: (value: Value) => unknown }
  /** A list filtered on it changes without the catalog version moving: when it is set, the page is not kept. */
  | { neverKept: string };

/**
 * Every field of ProductFilterSchema and what the cache must know of it. A field added to the
 * schema fails the type check here, and product-list-cache.test.ts fails until the field is in the
 * key and each column it reads is watched by migration 0018's triggers (or it is never kept).
 */
export const FILTER_FIELDS: { [Field in keyof ProductFilter]-?: FilterFieldUse<ProductFilter[Field]> } = {
  // Ranked by name and matched on search_text; the match ignores case.
  fuzzySearchQuery: { reads: ['products.search_text', 'products.name'], keyValue: (term) => term?.trim().replace(/\s+/g, ' ').toLowerCase() || null },
  category_id: { reads: ['products.category_id'] },
  approval: { reads: ['products.is_approved'] },
  include_deleted: { reads: ['products.deleted_at'], keyValue: (includeDeleted) => includeDeleted ?? false },
  in_stock_only: { neverKept: 'stock moves with every consumption, and stock changes do not move the catalog version' },
  place_id: { neverKept: 'which products a place holds moves with every consumption and every move between places' },
};

/**
 * Every sort of ProductListOrderSchema and what the cache must know of it, as for a filter field:
 * a sort on what the catalog version does not follow keeps no page.
 */
export const SORT_USES: { [Sort in ProductListSort]: FilterFieldUse<unknown> } = {
  days_of_cover: { neverKept: "days of cover move with every consumption and every night's forecast, and neither moves the catalog version" },
};

/** What every list reads whatever its filter: the reader's visibility rule and the name order. */
export const ALWAYS_READ: readonly CatalogColumn[] = [
  'products.deleted_at',
  'products.is_approved',
  'products.company_id',
  'products.name',
  'product_company_settings.removed_at',
];

/** The schema's fields in a fixed order: the key has a place for each, whatever the schema grows. */
const KEY_FIELDS = (Object.keys(ProductFilterSchema.shape) as (keyof ProductFilter)[]).sort();

function keyValue(field: keyof ProductFilter, value: unknown): unknown {
  // Each field's keyValue takes that field's value (FILTER_FIELDS is typed per field).
  const use = FILTER_FIELDS[field] as { keyValue?: (value: unknown) => unknown };
  return use.keyValue ? use.keyValue(value) : (value ?? null);
}

/**
 * A page's key: the reader, every filter field, the sort, the page; null when the page is not kept.
 * 'ranking' names a search's ranking (its top ids, see rankedPage), which serves every page within it.
 */
export function productListKey(reader: CatalogReader, filter: ProductFilter & Partial<ProductListOrder>, page: { offset: number; limit: number } | 'ranking'): string | null {
  const fields = KEY_FIELDS.map((field) => [field, filter[field]] as const);
  if (fields.some(([field, value]) => 'neverKept' in FILTER_FIELDS[field] && value)) return null;
  if (filter.sort && 'neverKept' in SORT_USES[filter.sort]) return null;
  const sort = filter.sort ? [filter.sort, filter.order ?? 'asc'] : null;
  const where = page === 'ranking' ? ['ranking'] : [page.offset, page.limit];
  return JSON.stringify([reader.companyId, ...fields.map(([field, value]) => keyValue(field, value)), sort, ...where]);
}

/** How the cache reads a page: the ids afresh, and the rows of some ids with the version they were read at. */
export interface PageReaders<Row> {
  loadIds: () => Promise<ProductIdPage>;
  /** `version` is null when there were no rows to carry it. */
  loadRows: (ids: string[]) => Promise<{ rows: Row[]; version: number | null }>;
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
 * it serves every server process sharing the database correctly. The key holds every field of the
 * filter schema (FILTER_FIELDS) and the sort (SORT_USES); lists filtered or sorted on stock
 * (`in_stock_only`, days of cover) change with every consumption and are never kept.
 */
export function createProductListCache(db: Db, max = 5000, maxIds = 250_000) {
  const catalogVersion = preparedCatalogVersion(db);
  // Bounded by ids held as well as by entries: a broad term's ranking holds up to 3,000 of them
  // (about 0.2 MB), a page 10 to 100. 250,000 ids are about 20 MB.
  const entries = new LRUCache<string, Entry>({ max, maxSize: maxIds, sizeCalculation: (entry) => entry.ids.length + 1 });

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
    async page<Row>(reader: CatalogReader, filter: ProductFilter & Partial<ProductListOrder>, page: { offset: number; limit: number }, readers: PageReaders<Row>): Promise<Omit<ProductIdPage, 'ids'> & { rows: Row[] }> {
      const key = productListKey(reader, filter, page);
      const remembered = key === null ? undefined : entries.get(key);
      if (remembered && remembered.ids.length > 0) {
        const { rows, version } = await readers.loadRows(remembered.ids);
        if (version === remembered.version) return { rows, total: remembered.total, totalIsCapped: remembered.totalIsCapped };
      }
      const { ids, total, totalIsCapped } = await idPage(key, readers.loadIds);
      return { rows: (await readers.loadRows(ids)).rows, total, totalIsCapped };
    },

    /**
     * A search's page cut from its ranking, remembered for every page within it: a broad term is
     * ranked once per catalog version, not once per page (the list's pages, its prefetches and the
     * deep pages someone scrolls to are slices of one ranking). The first ranking holds the top
     * FIRST_RANKING ids, the whole one (up to `cap`) is read when a page beyond them is asked. A
     * list kept nowhere (filtered on stock) is read page by page.
     */
    async rankedPage<Row>(
      reader: CatalogReader,
      filter: ProductFilter & Partial<ProductListOrder>,
      page: { offset: number; limit: number },
      /** loadRanking: the search's first `limit` ids in order (at most `cap`), and its total. */
      readers: PageReaders<Row> & { loadRanking: (limit: number) => Promise<ProductIdPage> },
      cap: number,
    ): Promise<Omit<ProductIdPage, 'ids'> & { rows: Row[] }> {
      const key = productListKey(reader, filter, 'ranking');
      if (key === null) {
        const { ids, total, totalIsCapped } = await readers.loadIds();
        return { rows: (await readers.loadRows(ids)).rows, total, totalIsCapped };
      }
      const end = page.offset + page.limit;
      const covers = (ranking: Entry) => ranking.complete === true || end <= ranking.ids.length;
      const slice = (ranking: ProductIdPage) => ranking.ids.slice(page.offset, end);
      const remembered = entries.get(key);
      if (remembered && covers(remembered) && slice(remembered).length > 0) {
        const { rows, version } = await readers.loadRows(slice(remembered));
        if (version === remembered.version) return { rows, total: remembered.total, totalIsCapped: remembered.totalIsCapped };
      }
      const version = await catalogVersion();
      let ranking = entries.get(key);
      if (!ranking || ranking.version !== version || !covers(ranking)) {
        const limit = end <= FIRST_RANKING ? FIRST_RANKING : cap;
        const loaded = await readers.loadRanking(limit);
        ranking = { ...loaded, version, complete: limit >= cap || loaded.ids.length < limit };
        entries.set(key, ranking);
      }
      return { rows: (await readers.loadRows(slice(ranking))).rows, total: ranking.total, totalIsCapped: ranking.totalIsCapped };
    },
  };
}
