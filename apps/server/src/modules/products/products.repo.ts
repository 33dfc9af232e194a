import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { containsPattern, prefixPattern } from '../../db/like';
import { statementName } from '../../db/named-statement';
import { catalogVersions, categories, companies, organizations, productAttachments, productCompanySettings, products, reorderForecasts, stocks, suppliers } from '../../db/schema/index';
import { PRODUCT_SEARCH_TOTAL_CAP, readUdi, scanSearchTerm, type ProductFilter, type SortDirection } from '@clinic/domain';
import { coverOfJoinedForecast, daysOfCover, forecastWithUse, withoutForecast } from './days-of-cover.repo';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'searchText'>;
export type AttachmentRow = typeof productAttachments.$inferSelect;

/** Who reads the catalog: a location (its id) or the product admin (null), who sees everything. */
export interface CatalogReader {
  companyId: string | null;
}

/** A reader whose location is a placeholder of a prepared statement. */
interface ReaderSql {
  companyId: string | SQLWrapper | null;
}

export interface ProductListRow {
  product: ProductRow;
  categoryName: string | null;
  supplierName: string | null;
  minimumStock: number | null;
  /** The reader's own choice (null: none made, the catalog's default applies). */
  usageTrackingOn: boolean | null;
  /** The submitting location and its organization (null for the admin's own products). */
  locationName: string | null;
  organizationName: string | null;
}

/** A list page's row: with its days of cover at the reader's location (null for the product admin). */
export interface ProductListItemRow extends ProductListRow {
  daysOfCover: number | null;
}

/**
 * The products a reader sees: the admin all of them; a location the approved catalog plus its own
 * pending products, minus the ones it removed.
 */
export function visibleProducts(reader: ReaderSql, includeDeleted = false): SQL {
  const live = includeDeleted ? undefined : isNull(products.deletedAt);
  if (reader.companyId === null) return live ?? sql`true`;
  const notRemoved = sql`not exists (select 1 from ${productCompanySettings} where ${productCompanySettings.productId} = ${products.id} and ${productCompanySettings.companyId} = ${reader.companyId} and ${productCompanySettings.removedAt} is not null)`;
  return and(live, or(eq(products.isApproved, true), eq(products.companyId, reader.companyId)), notRemoved)!;
}

function filterConditions(reader: CatalogReader, filter: ProductFilter): SQL[] {
  const conditions = [visibleProducts(reader, filter.include_deleted ?? false)];
  if (filter.category_id) conditions.push(eq(products.categoryId, filter.category_id));
  if (filter.approval === 'approved') conditions.push(eq(products.isApproved, true));
  if (filter.approval === 'pending') conditions.push(eq(products.isApproved, false));
  if (filter.in_stock_only) {
    const atLocation = reader.companyId ? sql` and ${stocks.companyId} = ${reader.companyId}` : sql``;
    conditions.push(sql`exists (select 1 from ${stocks} where ${stocks.productId} = ${products.id} and ${stocks.deletedAt} is null and ${stocks.unitsLeft} > 0${atLocation})`);
  }
  // Issue 34: products with units in one storage place (a place of another location holds none here).
  if (filter.place_id) {
    const atLocation = reader.companyId ? sql` and ${stocks.companyId} = ${reader.companyId}` : sql``;
    conditions.push(sql`exists (select 1 from ${stocks} where ${stocks.productId} = ${products.id} and ${stocks.placeId} = ${filter.place_id} and ${stocks.deletedAt} is null and ${stocks.unitsLeft} > 0${atLocation})`);
  }
  return conditions;
}

/** How a search term matches, and the order of its results. */
interface SearchPlan {
  match: SQL | undefined;
  order: SQL[];
}

/**
 * A name as a sort key in the "C" collation: byte order of UTF-8, the order of code points, which
 * is the database's own order under C.UTF-8 (the bench's). Sorting a few thousand matches on it
 * is cheaper, because PostgreSQL (before 17) only takes the fast path (abbreviated keys, memcmp)
 * for "C", not for the C.UTF-8 it cannot tell apart.
 */
const nameKey = (prefix?: SQL) => (prefix ? sql`(${prefix} || lower(${products.name})) collate "C"` : sql`lower(${products.name}) collate "C"`);

/**
 * Search in two steps. First every word as a fragment of name, brand, barcode or code (a barcode
 * fragment, "septocain", "glove nitrile"), names starting with the term ranked first. Only when
 * that finds nothing, trigram word similarity, which forgives typos ("artcaine") but costs a
 * similarity computation per candidate. Both run on the GIN trigram index of search_text.
 */
/**
 * A whole label typed into the search (a hand scanner in the search box, or a client sending the
 * scan): GS1 and HIBC labels carry lot, expiry and separators no product text holds, so the
 * search runs on the product code they name. That code, the UPC-A inside a GTIN-14 or LIC +
 * product number inside an HIBC primary, is a fragment of a barcode or manufacturer code that
 * holds any printed form of it. Anything else is searched as typed.
 */
function searchTextOf(term: string): string {
  const read = readUdi(term);
  const code = read.ok && read.udi.standard !== 'plain' && read.udi.productId ? scanSearchTerm(read.udi) : term;
  return code.toLowerCase().trim();
}

function fragmentPlan(term: string | undefined): SearchPlan {
  const text = term === undefined ? undefined : searchTextOf(term);
  if (!text) return { match: undefined, order: [] };
  const words = text.split(/\s+/).slice(0, 8);
  // Names starting with the term first, then by name: one text key ('0' or '1' before the name),
  // so the whole sort stays on the fast path a leading boolean key would leave.
  const startsWithTerm = sql`case when lower(${products.name}) like ${prefixPattern(text)} then '0' else '1' end`;
  return {
    match: and(...words.map((word) => sql`${products.searchText} like ${containsPattern(word)}`)),
    order: [asc(nameKey(startsWithTerm)), asc(products.id)],
  };
}

function similarityPlan(term: string): SearchPlan {
  const text = searchTextOf(term);
  return {
    match: sql`${text} <% ${products.searchText}`,
    order: [desc(sql`word_similarity(${text}, ${products.searchText})`), asc(nameKey()), asc(products.id)],
  };
}

/** The names a product row is shown with, joined in the same statement. */
const NAMES = {
  categoryName: categories.name,
  supplierName: suppliers.name,
  minimumStock: productCompanySettings.minimumStock,
  usageTrackingOn: productCompanySettings.usageTrackingOn,
  locationName: companies.name,
  organizationName: organizations.name,
};

function selectWithNames<Extra extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, reader: ReaderSql, extra?: Extra) {
  return db
    .select({ product: products, ...NAMES, ...(extra ?? ({} as Extra)) })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
    .leftJoin(companies, eq(companies.id, products.companyId))
    .leftJoin(organizations, eq(organizations.id, companies.organizationId))
    .leftJoin(
      productCompanySettings,
      reader.companyId ? and(eq(productCompanySettings.productId, products.id), eq(productCompanySettings.companyId, reader.companyId)) : sql`false`,
    );
}

/** Which products a list page shows, in order, and how many the whole filter matches. */
export interface ProductIdPage {
  ids: string[];
  /** At most the cap the search was asked with; `totalIsCapped` when more match. */
  total: number;
  totalIsCapped: boolean;
}

/** The answer's total: the count up to the cap, and whether more matched. */
function capped(count: number, cap: number): Pick<ProductIdPage, 'total' | 'totalIsCapped'> {
  return count > cap ? { total: cap, totalIsCapped: true } : { total: count, totalIsCapped: false };
}

/**
 * One page of ids and the total in one statement: ranking the page reads every match anyway, so
 * counting them alongside (count(*) over ()) costs next to nothing; the total is answered up to
 * `cap` (the web shows "3,000+"). The rows and their names are read by id afterwards.
 */
async function pageWith(db: DbOrTx, base: SQL[], plan: SearchPlan, page: { offset: number; limit: number }, cap: number, cover?: CoverOrder): Promise<ProductIdPage> {
  // Every match is ranked anyway: days of cover is one more key, read for each match.
  const order = cover ? [sql`${daysOfCover(cover.companyId, cover.today)} ${sql.raw(cover.direction)} nulls last`, ...plan.order] : plan.order;
  const rows = await db
    .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(and(...base, plan.match))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  let matched = rows[0]?.total ?? 0;
  // A page past the end has no rows to carry the total: count on its own, no further than the cap.
  if (rows.length === 0 && page.offset > 0) {
    const matches = db.select({ one: sql`1`.as('one') }).from(products).where(and(...base, plan.match)).limit(cap + 1).as('matches');
    const [row] = await db.select({ n: count() }).from(matches);
    matched = row?.n ?? 0;
  }
  return { ids: rows.map((r) => r.id), ...capped(matched, cap) };
}

/** Without a search term: name order off the btree index, and a plain count. */
async function browse(db: DbOrTx, base: SQL[], page: { offset: number; limit: number }): Promise<ProductIdPage> {
  const where = and(...base);
  const [rows, totals] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: totals[0]?.n ?? 0, totalIsCapped: false };
}

/** A list sorted by days of cover at a location, on `today`; products without a forecast last either way. */
export interface CoverOrder {
  companyId: string;
  today: string;
  direction: SortDirection;
}

/**
 * Browsing by days of cover, without ranking the whole catalog: the products with a forecast at
 * the location (a few hundred, off the partial index of forecasts with use) sorted by their cover,
 * then the others in name order off the name index, as `browse` reads them. Their order within
 * ties and after the forecasts is the list's own: name, then id.
 */
async function browseByCover(db: DbOrTx, base: SQL[], page: { offset: number; limit: number }, cover: CoverOrder): Promise<ProductIdPage> {
  const where = and(...base);
  const key = coverOfJoinedForecast(cover.companyId, cover.today);
  const [covered, coveredCount, totals] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .innerJoin(reorderForecasts, forecastWithUse(cover.companyId))
      .where(where)
      .orderBy(cover.direction === 'asc' ? asc(key) : desc(key), asc(sql`lower(${products.name})`), asc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(products).innerJoin(reorderForecasts, forecastWithUse(cover.companyId)).where(where),
    db.select({ n: count() }).from(products).where(where),
  ]);
  const ids = covered.map((r) => r.id);
  if (ids.length < page.limit) {
    const withCover = coveredCount[0]?.n ?? 0;
    const rest = await db
      .select({ id: products.id })
      .from(products)
      .where(and(...base, withoutForecast(cover.companyId)))
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
      .limit(page.limit - ids.length)
      .offset(Math.max(0, page.offset - withCover));
    ids.push(...rest.map((r) => r.id));
  }
  return { ids, total: totals[0]?.n ?? 0, totalIsCapped: false };
}

/**
 * A list page's ids and total. A search counts its matches up to `searchTotalCap`
 * (PRODUCT_SEARCH_TOTAL_CAP); browsing without a term counts them all. With `cover`, the page is
 * sorted by days of cover first (a location's lists only: the product admin holds no stock).
 */
export async function listProductIds(
  db: DbOrTx,
  reader: CatalogReader,
  filter: ProductFilter,
  page: { offset: number; limit: number },
  searchTotalCap = PRODUCT_SEARCH_TOTAL_CAP,
  cover?: CoverOrder,
): Promise<ProductIdPage> {
  const base = filterConditions(reader, filter);
  if (!filter.fuzzySearchQuery?.trim()) return cover ? browseByCover(db, base, page, cover) : browse(db, base, page);
  const fragments = await pageWith(db, base, fragmentPlan(filter.fuzzySearchQuery), page, searchTotalCap, cover);
  if (fragments.total > 0) return fragments;
  return pageWith(db, base, similarityPlan(filter.fuzzySearchQuery), page, searchTotalCap, cover);
}

/** The names of a list page's rows statement, one per kind of reader and of deletion filter. */
const PRODUCTS_WITH_NAMES = {
  admin: { live: statementName('products_with_names_admin'), all: statementName('products_with_names_admin_all') },
  location: { live: statementName('products_with_names_location'), all: statementName('products_with_names_location_all') },
};

/**
 * A page's rows with their names and days of cover, in the order of `ids`, still only those the
 * reader sees (a product deleted since its id was listed drops out), and the catalog version they
 * were read at (one snapshot, so a remembered page can be checked against it without another round
 * trip). Days of cover follow the shelf, which the catalog version does not: they are read here,
 * with the rows, never remembered.
 * A named statement per kind of reader (db/named-statement.ts): this runs on every list request,
 * and building the statement would cost more than running it.
 */
export function preparedProductsWithNames(db: Db) {
  const statements = new Map<string, { execute: (values: Record<string, unknown>) => Promise<unknown[]> }>();
  function statement(admin: boolean, includeDeleted: boolean) {
    const name = PRODUCTS_WITH_NAMES[admin ? 'admin' : 'location'][includeDeleted ? 'all' : 'live'];
    let prepared = statements.get(name);
    if (!prepared) {
      const reader: ReaderSql = { companyId: admin ? null : sql.placeholder('companyId') };
      prepared = selectWithNames(db, reader, {
        catalogVersion: sql<number>`(select ${catalogVersions.version} from ${catalogVersions} where ${catalogVersions.id} = 1)`.mapWith(Number),
        // The product admin keeps no stock: no cover.
        daysOfCover: admin ? sql<number | null>`null` : daysOfCover(sql.placeholder('companyId'), sql.placeholder('today')),
      })
        .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, visibleProducts(reader, includeDeleted)))
        .prepare(name);
      statements.set(name, prepared);
    }
    return prepared;
  }
  return async (reader: CatalogReader, ids: string[], today: string, includeDeleted = false): Promise<{ rows: ProductListItemRow[]; version: number | null }> => {
    if (ids.length === 0) return { rows: [], version: null };
    const rows = (await statement(reader.companyId === null, includeDeleted).execute({ ids, companyId: reader.companyId, today })) as (ProductListItemRow & { catalogVersion: number })[];
    const byId = new Map(rows.map((row) => [row.product.id, row]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), version: rows[0]?.catalogVersion ?? null };
  };
}

/** Keyset pages in name order, for exports that must not hold every row in memory. */
export async function listProductsAfter(db: DbOrTx, reader: CatalogReader, filter: ProductFilter, after: { name: string; id: string } | null, limit: number) {
  const conditions = filterConditions(reader, filter);
  const term = filter.fuzzySearchQuery?.trim();
  if (term) {
    // The same two steps as the list: fragments, or similarity when no fragment matches.
    const fragments = fragmentPlan(term).match!;
    const [hit] = await db.select({ id: products.id }).from(products).where(and(...conditions, fragments)).limit(1);
    conditions.push(hit ? fragments : similarityPlan(term).match!);
  }
  if (after) conditions.push(sql`(lower(${products.name}), ${products.id}) > (${after.name.toLowerCase()}, ${after.id}::uuid)`);
  const rows = await selectWithNames(db, reader)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(limit);
  return rows as ProductListRow[];
}

export async function findProductWithNames(db: DbOrTx, reader: CatalogReader, id: string): Promise<ProductListRow | null> {
  const [row] = await selectWithNames(db, reader)
    .where(and(eq(products.id, id), visibleProducts(reader)))
    .limit(1);
  return (row as ProductListRow | undefined) ?? null;
}

export async function findProductById(db: DbOrTx, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(and(eq(products.id, id), isNull(products.deletedAt))).limit(1);
  return row ?? null;
}

/**
 * Names (lower-cased) and barcodes among these that other live products already use, among the
 * products the owner can see (its own and the approved catalog), so a location cannot re-create a
 * catalog item.
 */
export async function findClashes(db: DbOrTx, owner: string | null, names: string[], barcodes: string[], exceptId?: string): Promise<{ names: Set<string>; barcodes: Set<string> }> {
  if (names.length === 0 && barcodes.length === 0) return { names: new Set(), barcodes: new Set() };
  const scope = owner ? or(eq(products.companyId, owner), eq(products.isApproved, true))! : or(isNull(products.companyId), eq(products.isApproved, true))!;
  const lowered = names.map((n) => n.toLowerCase());
  const matches = or(
    lowered.length > 0 ? inArray(sql`lower(${products.name})`, lowered) : undefined,
    barcodes.length > 0 ? inArray(products.barcode, barcodes) : undefined,
  );
  const rows = await db
    .select({ name: products.name, barcode: products.barcode })
    .from(products)
    .where(and(isNull(products.deletedAt), scope, matches, exceptId ? ne(products.id, exceptId) : undefined));
  return { names: new Set(rows.map((r) => r.name.toLowerCase())), barcodes: new Set(rows.map((r) => r.barcode).filter(Boolean)) };
}

export async function insertProduct(db: DbOrTx, values: NewProduct): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

/** Bulk insert (seed and import): one statement per batch. */
export async function insertProducts(db: DbOrTx, values: NewProduct[]): Promise<ProductRow[]> {
  return values.length === 0 ? [] : db.insert(products).values(values).returning();
}

export async function updateProduct(db: DbOrTx, id: string, patch: Partial<NewProduct> & { deletedAt?: Date }): Promise<ProductRow> {
  const [row] = await db.update(products).set({ ...patch, updatedAt: new Date() }).where(eq(products.id, id)).returning();
  return row!;
}

export async function setMinimumStock(db: DbOrTx, productId: string, companyId: string, minimumStock: number): Promise<void> {
  await db
    .insert(productCompanySettings)
    .values({ productId, companyId, minimumStock })
    .onConflictDoUpdate({ target: [productCompanySettings.productId, productCompanySettings.companyId], set: { minimumStock, updatedAt: new Date() } });
}

/** A location's usage tracking of a product: its own, whatever the catalog's default. */
export async function setUsageTracking(db: DbOrTx, productId: string, companyId: string, usageTrackingOn: boolean): Promise<void> {
  await db
    .insert(productCompanySettings)
    .values({ productId, companyId, usageTrackingOn })
    .onConflictDoUpdate({ target: [productCompanySettings.productId, productCompanySettings.companyId], set: { usageTrackingOn, updatedAt: new Date() } });
}

/** A location's "Remove" of a catalog product: hidden for it, untouched for everyone else. */
export async function markRemovedForCompany(db: DbOrTx, productId: string, companyId: string, at: Date): Promise<void> {
  await db
    .insert(productCompanySettings)
    .values({ productId, companyId, removedAt: at })
    .onConflictDoUpdate({ target: [productCompanySettings.productId, productCompanySettings.companyId], set: { removedAt: at, updatedAt: at } });
}

export async function listAttachments(db: DbOrTx, productId: string, reader: CatalogReader): Promise<AttachmentRow[]> {
  const owner = reader.companyId ? or(isNull(productAttachments.companyId), eq(productAttachments.companyId, reader.companyId))! : isNull(productAttachments.companyId);
  return db.select().from(productAttachments).where(and(eq(productAttachments.productId, productId), owner)).orderBy(asc(productAttachments.createdAt), asc(productAttachments.id)).limit(200);
}

export async function insertAttachment(db: DbOrTx, values: Omit<typeof productAttachments.$inferInsert, 'id' | 'createdAt'>): Promise<AttachmentRow> {
  const [row] = await db.insert(productAttachments).values(values).returning();
  return row!;
}

export async function findAttachment(db: DbOrTx, productId: string, id: string): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(productAttachments).where(and(eq(productAttachments.productId, productId), eq(productAttachments.id, id))).limit(1);
  return row ?? null;
}

export async function deleteAttachment(db: DbOrTx, id: string): Promise<void> {
  await db.delete(productAttachments).where(eq(productAttachments.id, id));
}

/** How many products the reader sees in each of these categories (one query for a whole page of them). */
export async function countProductsByCategory(db: DbOrTx, reader: CatalogReader, categoryIds: string[]): Promise<Map<string, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .where(and(inArray(products.categoryId, categoryIds), visibleProducts(reader)))
    .groupBy(products.categoryId);
  return new Map(rows.map((r) => [r.categoryId!, r.n]));
}

/** Which of these products the location sees in its catalog (others cannot go on its lists or trays). */
export async function visibleProductIds(db: DbOrTx, companyId: string, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), visibleProducts({ companyId })));
  return new Set(rows.map((r) => r.id));
}

/** Products a location may use with these barcodes, by barcode (an import names a tray's products by barcode). */
/**
 * The products a location sees that carry one of these barcodes or manufacturer codes: how a
 * supplier's price list finds its items in the catalog.
 */
export async function productsByCode(db: DbOrTx, companyId: string, codes: { barcodes: string[]; manufacturerCodes: string[] }) {
  const match: SQL[] = [];
  if (codes.barcodes.length > 0) match.push(inArray(products.barcode, codes.barcodes));
  if (codes.manufacturerCodes.length > 0) match.push(inArray(products.manufacturerCode, codes.manufacturerCodes));
  if (match.length === 0) return [];
  return db
    .select({ id: products.id, name: products.name, barcode: products.barcode, manufacturerCode: products.manufacturerCode })
    .from(products)
    .where(and(or(...match), visibleProducts({ companyId })))
    .orderBy(asc(products.id));
}

/** The barcodes and manufacturer codes of products the location sees. */
export async function productCodesOf(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, barcode: products.barcode, manufacturerCode: products.manufacturerCode })
    .from(products)
    .where(and(inArray(products.id, ids), visibleProducts({ companyId })));
}

export async function productIdsByBarcode(db: DbOrTx, companyId: string, barcodes: string[]): Promise<Map<string, string>> {
  if (barcodes.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, barcode: products.barcode })
    .from(products)
    .where(and(inArray(products.barcode, barcodes), visibleProducts({ companyId })));
  return new Map(rows.map((r) => [r.barcode, r.id]));
}
