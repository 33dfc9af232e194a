import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRODUCT_LIST_SORTS, ProductFilterSchema, type ProductFilter } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { queryRows } from '../../../test/setup/sql';
import { ALWAYS_READ, createProductListCache, FILTER_FIELDS, productListKey, SORT_USES, type CatalogColumn } from './product-list-cache';

/**
 * A remembered list page is right only while its key holds every filter field and the catalog
 * version moves whenever a column those filters read changes. These fail when a field is added to
 * ProductFilterSchema without the cache and migration 0018's triggers knowing it.
 */
const schemaFields = Object.keys(ProductFilterSchema.shape).sort();
const reader = { companyId: '00000000-0000-4000-8000-000000000001' };
const page = { offset: 0, limit: 20 };
const plain: ProductFilter = ProductFilterSchema.parse({});

describe('the product list key', () => {
  it('declares what each field of the filter schema reads, and no other field', () => {
    expect(Object.keys(FILTER_FIELDS).sort()).toEqual(schemaFields);
  });

  it.each(schemaFields)('changes with %s, or keeps no page filtered on it', (field) => {
    const use = FILTER_FIELDS[field as keyof ProductFilter];
    // A value no field takes by default: whatever the field is, the key must see it.
    const key = productListKey(reader, { ...plain, [field]: 'key-probe' }, page);
    if ('neverKept' in use) expect(key).toBeNull();
    else expect(key).not.toBe(productListKey(reader, plain, page));
  });

  it.each(PRODUCT_LIST_SORTS)('changes with the sort %s and its direction, or keeps no page sorted on it', (sort) => {
    const asc = productListKey(reader, { ...plain, sort, order: 'asc' }, page);
    if ('neverKept' in SORT_USES[sort]) expect(asc).toBeNull();
    else expect(new Set([asc, productListKey(reader, { ...plain, sort, order: 'desc' }, page), productListKey(reader, plain, page)]).size).toBe(3);
  });

  it('tells readers and pages apart', () => {
    const key = productListKey(reader, plain, page);
    expect(productListKey({ companyId: null }, plain, page)).not.toBe(key);
    expect(productListKey(reader, plain, { offset: 20, limit: 20 })).not.toBe(key);
  });
});

describe('the catalog version triggers (migration 0018)', () => {
  let t: TestApp;
  let triggers: { table: string; definition: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    triggers = await queryRows(
      t.db,
      sql`select c.relname as "table", pg_get_triggerdef(t.oid) as definition
            from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
           where p.proname = 'catalog_version_bump' and not t.tgisinternal`,
    );
  });
  afterAll(async () => t.close());

  /** The events a trigger fires on: "INSERT OR DELETE", "UPDATE", "UPDATE OF a, b". */
  const eventsOf = (definition: string) => /\bAFTER (.+?) ON\b/.exec(definition)?.[1] ?? '';

  /** Does an update of this column move the version? An UPDATE trigger with no OF list and no WHEN, or naming it. */
  function watchesUpdate(column: CatalogColumn): boolean {
    const [table, name] = column.split('.') as [string, string];
    return triggers.some(({ table: on, definition }) => {
      const events = eventsOf(definition);
      if (on !== table || !/\bUPDATE\b/.test(events)) return false;
      const of = /\bUPDATE OF (.+)$/.exec(events)?.[1];
      if (of && !of.split(/\s*,\s*|\s+OR\s+/).includes(name)) return false;
      const when = /\bWHEN \((.*)\) EXECUTE\b/.exec(definition)?.[1];
      if (!when) return true;
      const mentions = (row: string) => new RegExp(`\\b${row}\\."?${name}"?(?![\\w"])`, 'i').test(when);
      return mentions('old') && mentions('new');
    });
  }

  const columns = [...new Set([...ALWAYS_READ, ...Object.values(FILTER_FIELDS).flatMap((use) => ('reads' in use ? use.reads : []))])];

  it.each(columns)('moves the version when %s changes', (column) => {
    expect(triggers.length).toBeGreaterThan(0);
    expect(watchesUpdate(column), `no catalog_version_bump trigger watches updates of ${column}`).toBe(true);
  });

  it('moves the version when a product comes or goes', () => {
    const events = triggers.filter((trigger) => trigger.table === 'products').map((trigger) => eventsOf(trigger.definition));
    expect(events.some((on) => /\bINSERT\b/.test(on))).toBe(true);
    expect(events.some((on) => /\bDELETE\b/.test(on))).toBe(true);
  });
});

describe('a search’s ranking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is read once for all its pages while the catalog holds still, its top 300 first, the rest when a deeper page is asked', async () => {
    const cache = createProductListCache(t.db);
    const ids = Array.from({ length: 400 }, (_, i) => `id-${String(i).padStart(3, '0')}`);
    const limits: number[] = [];
    let pages = 0;
    const readers = {
      loadIds: async () => {
        pages += 1;
        return { ids: [], total: 0, totalIsCapped: false };
      },
      loadRanking: async (limit: number) => {
        limits.push(limit);
        return { ids: ids.slice(0, limit), total: ids.length, totalIsCapped: false };
      },
      // The rows carry the catalog version they were read at, as the real statement's do.
      loadRows: async (some: string[]) => ({ rows: some, version: (await queryRows<{ version: number }>(t.db, sql`select version from catalog_versions where id = 1`))[0]!.version }),
    };
    const search = { ...plain, fuzzySearchQuery: 'composite' };
    const rows = async (offset: number, limit: number, filter: ProductFilter = search) => (await cache.rankedPage(reader, filter, { offset, limit }, readers, 3000)).rows;
    expect(await rows(20, 10)).toEqual(ids.slice(20, 30));
    expect(await rows(0, 10)).toEqual(ids.slice(0, 10));
    expect(await rows(290, 10)).toEqual(ids.slice(290, 300));
    expect(limits).toEqual([300]);
    // Past the first 300: the whole ranking, once; then every page is a slice of it.
    expect(await rows(390, 20)).toEqual(ids.slice(390, 400));
    expect(await rows(150, 5)).toEqual(ids.slice(150, 155));
    expect(await rows(380, 10)).toEqual(ids.slice(380, 390));
    expect([limits, pages]).toEqual([[300, 3000], 0]);

    await t.db.execute(sql`update catalog_versions set version = version + 1 where id = 1`);
    expect(await rows(10, 5)).toEqual(ids.slice(10, 15));
    expect(limits).toEqual([300, 3000, 300]);
    // A list kept nowhere (filtered on what is in stock) is read page by page.
    await rows(0, 10, { ...search, in_stock_only: true });
    expect([limits.length, pages]).toEqual([3, 1]);
  });
});
