import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { hibcCheckCharacter, PRODUCT_MESSAGES, PRODUCT_SEARCH_TOTAL_CAP, UPLOAD_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createCategory, createProduct, createStock, createUser } from '../../../test/factories/index';
import { queryRows } from '../../../test/setup/sql';
import { createWorld, type World } from '../../../test/world';
import { PDF_BYTES, PNG_BYTES, uploadFile } from '../../../test/fixtures/files';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const member = () => t.tokenFor(world.own.users.company_member);
const ownAdmin = () => t.tokenFor(world.own.users.company_admin);
const foreignMember = () => t.tokenFor(world.foreign.users.company_member);
const admin = () => t.tokenFor(world.admin);
const ownLocation = () => world.own.org.locations[0]!.id;
const body = (overrides: Record<string, unknown> = {}) => ({
  name: `Septocaine 4% with epinephrine ${Math.random().toString(36).slice(2, 7)}`,
  brand: 'Septodont',
  barcode: '',
  type: 'disposable',
  container: 'box',
  basic_unit: 'cartridge',
  ...overrides,
});
const search = async (token: string, query: string) => (await t.request({ method: 'GET', url: `/api/product/v2?${query}`, token })).json();

describe('finding a product from a scanned label', () => {
  const label = (body: string) => `${body}${hibcCheckCharacter(body) ?? ''}`;
  const ids = async (scan: string) => (await search(member(), `fuzzySearchQuery=${encodeURIComponent(scan)}`)).results.map((p: { id: string }) => p.id);

  it('finds an HIBC product by manufacturer code or barcode, and a GS1 product by its UPC-A, from the whole label', async () => {
    const byCode = (await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ name: 'HIBC Burs', manufacturer_code: 'H629ABC123' }) })).json();
    // The barcode holds the HIBC primary without its + (the product form allows no +).
    const byPrimary = (await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ name: 'HIBC Matrix Bands', barcode: label('+Q777XYZ92').slice(1) }) })).json();
    const byUpc = (await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ name: 'GS1 Cotton Rolls', barcode: '885074012346' }) })).json();

    expect(await ids(label('+H629ABC1231/$$3291231LOT77'))).toEqual([byCode.id]);
    expect(await ids(label('+H629ABC1231'))).toEqual([byCode.id]);
    expect(await ids(label('+Q777XYZ92/$LOT9/S44'))).toEqual([byPrimary.id]);
    expect(await ids('(01)00885074012346(17)291231(10)A1')).toEqual([byUpc.id]);
    expect(await ids(`]d2010088507401234617291231${'10'}A1`)).toEqual([byUpc.id]);
    // Another labeler's product number finds nothing.
    expect(await ids(label('+H630ABC1231'))).toEqual([]);
  });
});

describe('approval', () => {
  it("keeps a location's new product pending and private until the admin approves it", async () => {
    const created = await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ name: 'Luxatemp Star A2' }) });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({ is_approved: false, is_editable: true, company_id: ownLocation(), category: null });

    expect((await t.request({ method: 'GET', url: `/api/product/${product.id}`, token: foreignMember() })).statusCode).toBe(404);
    const pending = await search(admin(), 'approval=pending&fuzzySearchQuery=luxatemp');
    expect(pending.results.map((p: { id: string }) => p.id)).toEqual([product.id]);
    expect(pending.results[0].submitted_by).toEqual({ location: 'Own North', organization: 'Own Dental' });

    const approved = await t.request({ method: 'PATCH', url: `/api/product/${product.id}/approve`, token: admin() });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().is_approved).toBe(true);
    const seen = await t.request({ method: 'GET', url: `/api/product/${product.id}`, token: foreignMember() });
    expect(seen.statusCode).toBe(200);
    // Approved, it is locked for the location that submitted it.
    expect((await t.request({ method: 'GET', url: `/api/product/${product.id}`, token: member() })).json().is_editable).toBe(false);
  });

  it("makes the admin's products approved for everyone at once", async () => {
    const res = await t.request({ method: 'POST', url: '/api/product', token: admin(), payload: body({ name: 'Nitrile Exam Gloves M' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ is_approved: true, company_id: null });
    expect((await t.request({ method: 'GET', url: `/api/product/${res.json().id}`, token: foreignMember() })).statusCode).toBe(200);
  });

  it('rejecting deletes the submitted product; only pending products can be approved or rejected', async () => {
    const pending = await createProduct(t.db, { companyId: ownLocation(), isApproved: false });
    expect((await t.request({ method: 'PATCH', url: `/api/product/${pending.id}/reject`, token: admin() })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/product/${pending.id}`, token: member() })).statusCode).toBe(404);
    const approved = await createProduct(t.db, { companyId: null });
    expect((await t.request({ method: 'PATCH', url: `/api/product/${approved.id}/approve`, token: admin() })).statusCode).toBe(409);
    expect((await t.request({ method: 'PATCH', url: `/api/product/${approved.id}/reject`, token: admin() })).statusCode).toBe(409);
  });
});

describe('validation and conflicts', () => {
  it("answers 'Product already exists' for a name or barcode the catalog already has", async () => {
    await createProduct(t.db, { companyId: null, name: 'Xylocaine Dental 2%', barcode: '300000000017' });
    const sameName = await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ name: 'xylocaine dental 2%' }) });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(PRODUCT_MESSAGES.exists);
    const sameBarcode = await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ barcode: '300000000017' }) });
    expect(sameBarcode.statusCode).toBe(409);
  });

  it("answers 'name or barcode exists' when an update collides", async () => {
    await createProduct(t.db, { companyId: ownLocation(), name: 'Prophy Paste Mint', isApproved: false });
    const mine = await createProduct(t.db, { companyId: ownLocation(), name: 'Prophy Paste Cherry', isApproved: false });
    const res = await t.request({ method: 'PATCH', url: `/api/product/${mine.id}`, token: member(), payload: { name: 'PROPHY PASTE MINT' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PRODUCT_MESSAGES.nameOrBarcodeExists);
  });

  it('applies the edit rules of spec section 5 and writes nothing on bad input', async () => {
    const res = await t.request({ method: 'POST', url: '/api/product', token: member(), payload: { name: '  ', container: 'unit', basic_unit: 'ml', minimum_stock: -1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: PRODUCT_MESSAGES.nameRequired },
        { field: 'type', message: 'Required' },
        { field: 'minimum_stock', message: PRODUCT_MESSAGES.minimumStockInvalid },
      ]),
    );
    const unit = await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ name: 'Unit in ml', container: 'unit', basic_unit: 'ml' }) });
    expect(unit.json().errors).toEqual([{ field: 'basic_unit', message: PRODUCT_MESSAGES.unitBasicUnit }]);
    expect((await search(member(), 'fuzzySearchQuery=unit%20in%20ml')).total).toBe(0);
  });

  it("refuses a category or supplier the location cannot use", async () => {
    const foreignCategory = await createCategory(t.db, { companyId: world.foreign.org.locations[0]!.id });
    const res = await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ category_id: foreignCategory.id }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'category_id', message: 'Category not found' }]);
  });
});

describe('locks, minimum stock and removal', () => {
  it('lets a location set its own minimum stock on a locked catalog product, and nothing else', async () => {
    const catalog = await createProduct(t.db, { companyId: null, name: 'Cotton Rolls #2' });
    const locked = await t.request({ method: 'PATCH', url: `/api/product/${catalog.id}`, token: member(), payload: { name: 'Renamed' } });
    expect(locked.statusCode).toBe(403);
    const minimum = await t.request({ method: 'PATCH', url: `/api/product/${catalog.id}`, token: member(), payload: { minimum_stock: 12 } });
    expect(minimum.statusCode).toBe(200);
    expect(minimum.json()).toMatchObject({ minimum_stock: 12, name: 'Cotton Rolls #2' });
    expect((await t.request({ method: 'GET', url: `/api/product/${catalog.id}`, token: foreignMember() })).json().minimum_stock).toBe(0);
    const fractional = await t.request({ method: 'PATCH', url: `/api/product/${catalog.id}`, token: member(), payload: { minimum_stock: 1.5 } });
    expect(fractional.statusCode).toBe(400);
  });

  it("keeps usage tracking per location, even on a locked catalog product; the admin's choice is the default", async () => {
    const catalog = await createProduct(t.db, { companyId: null, name: 'Prophy Paste Mint', type: 'consumable' });
    const url = `/api/product/${catalog.id}`;
    const on = await t.request({ method: 'PATCH', url, token: member(), payload: { is_usage_tracking_on: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ is_usage_tracking_on: true, is_editable: false });
    expect((await t.request({ method: 'GET', url, token: ownAdmin() })).json().is_usage_tracking_on).toBe(true);
    expect((await t.request({ method: 'GET', url, token: foreignMember() })).json().is_usage_tracking_on).toBe(false);
    expect((await t.request({ method: 'GET', url, token: admin() })).json().is_usage_tracking_on).toBe(false);

    // The admin's default reaches the locations that never chose; a location's own choice stays.
    expect((await t.request({ method: 'PATCH', url, token: admin(), payload: { is_usage_tracking_on: true } })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url, token: foreignMember() })).json().is_usage_tracking_on).toBe(true);
    expect((await t.request({ method: 'PATCH', url, token: member(), payload: { is_usage_tracking_on: false } })).json().is_usage_tracking_on).toBe(false);
    expect((await t.request({ method: 'GET', url, token: foreignMember() })).json().is_usage_tracking_on).toBe(true);

    // Only a product field with it still needs the lock opened.
    expect((await t.request({ method: 'PATCH', url, token: member(), payload: { is_usage_tracking_on: true, manufacturer_code: 'PP-1' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url, token: member() })).json().is_usage_tracking_on).toBe(false);
  });

  it('lets a location edit the manufacturer code and weight of its own pending product, not of a catalog product', async () => {
    const catalog = await createProduct(t.db, { companyId: null, name: 'Bite Registration Paste' });
    expect((await t.request({ method: 'PATCH', url: `/api/product/${catalog.id}`, token: member(), payload: { manufacturer_code: 'BR-9' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url: `/api/product/${catalog.id}`, token: member(), payload: { weight_or_volume: 50 } })).statusCode).toBe(403);
    const own = await createProduct(t.db, { companyId: ownLocation(), isApproved: false, name: 'Our Bite Paste' });
    const edited = await t.request({ method: 'PATCH', url: `/api/product/${own.id}`, token: member(), payload: { manufacturer_code: 'OBP-2', weight_or_volume: 50 } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ manufacturer_code: 'OBP-2', weight_or_volume: 50, is_editable: true });
  });

  it('lets the admin edit any product and change a unit container to a cartridge count', async () => {
    const pending = await createProduct(t.db, { companyId: ownLocation(), isApproved: false, container: 'box', basicUnit: 'ml' });
    const bad = await t.request({ method: 'PATCH', url: `/api/product/${pending.id}`, token: admin(), payload: { container: 'unit' } });
    expect(bad.json().errors).toEqual([{ field: 'basic_unit', message: PRODUCT_MESSAGES.unitBasicUnit }]);
    const good = await t.request({ method: 'PATCH', url: `/api/product/${pending.id}`, token: admin(), payload: { container: 'unit', basic_unit: 'cartridge', weight_or_volume: 1.7 } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ container: 'unit', basic_unit: 'cartridge', weight_or_volume: 1.7 });
  });

  it("'Remove' hides a catalog product for one location only; deleting one's own pending product deletes it", async () => {
    const catalog = await createProduct(t.db, { companyId: null, name: 'Saliva Ejectors Blue' });
    expect((await t.request({ method: 'DELETE', url: `/api/product/${catalog.id}`, token: ownAdmin() })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/product/${catalog.id}`, token: member() })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/product/${catalog.id}`, token: foreignMember() })).statusCode).toBe(200);

    const own = await createProduct(t.db, { companyId: ownLocation(), isApproved: false, name: 'Our Own Bibs' });
    expect((await t.request({ method: 'DELETE', url: `/api/product/${own.id}`, token: ownAdmin() })).statusCode).toBe(204);
    const withDeleted = await search(ownAdmin(), 'fuzzySearchQuery=our%20own%20bibs&include_deleted=true');
    expect(withDeleted.results).toHaveLength(1);
    expect(withDeleted.results[0].deleted_at).not.toBeNull();
    expect((await search(ownAdmin(), 'fuzzySearchQuery=our%20own%20bibs')).total).toBe(0);
  });
});

describe('search', () => {
  beforeAll(async () => {
    await createProduct(t.db, { companyId: null, name: 'Septocaine Articaine 4%', brand: 'Septodont', barcode: '301230000018', manufacturerCode: 'SEP-01810' });
    for (let i = 1; i <= 23; i += 1) await createProduct(t.db, { companyId: null, name: `Zirconia Bur ${String(i).padStart(2, '0')}`, brand: 'Komet' });
  });

  it('finds products despite a typo, and by barcode or manufacturer-code fragments', async () => {
    expect((await search(member(), 'fuzzySearchQuery=septocain')).results[0].name).toBe('Septocaine Articaine 4%');
    expect((await search(member(), 'fuzzySearchQuery=artcaine')).results[0].name).toBe('Septocaine Articaine 4%');
    expect((await search(member(), 'fuzzySearchQuery=30123000')).results[0].name).toBe('Septocaine Articaine 4%');
    expect((await search(member(), 'fuzzySearchQuery=sep-0181')).results[0].name).toBe('Septocaine Articaine 4%');
  });

  it('ranks names starting with the term first, then by name', async () => {
    for (const name of ['Zeta Matrixband', 'Matrixband Tofflemire', 'Acme matrixband strip', 'matrixband Universal']) await createProduct(t.db, { companyId: null, name });
    const page = await search(member(), 'fuzzySearchQuery=matrixband');
    expect(page.results.map((p: { name: string }) => p.name)).toEqual(['Matrixband Tofflemire', 'matrixband Universal', 'Acme matrixband strip', 'Zeta Matrixband']);
    expect(page).toMatchObject({ total: 4, totalIsCapped: false });
  });

  it('pages with perPage and currentPage and reports lastPage', async () => {
    const page = await search(member(), 'fuzzySearchQuery=zirconia%20bur&perPage=10&currentPage=3');
    expect(page).toMatchObject({ currentPage: 3, lastPage: 3, total: 23 });
    expect(page.results.map((p: { name: string }) => p.name)).toEqual(['Zirconia Bur 21', 'Zirconia Bur 22', 'Zirconia Bur 23']);
    const bad = await t.request({ method: 'GET', url: '/api/product/v2?perPage=0', token: member() });
    expect(bad.statusCode).toBe(400);
  });

  // The list pages are remembered per catalog version: a repeated search must still answer from
  // what the catalog holds now, for each location on its own.
  it('answers a repeated search from the catalog as it is now, per location', async () => {
    const ids = (page: { results: { id: string }[] }) => page.results.map((p) => p.id);
    const term = 'fuzzySearchQuery=fuji%20ionomer';
    expect((await search(member(), term)).total).toBe(0);
    expect((await search(foreignMember(), term)).total).toBe(0);

    const created = (await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ name: 'Fuji IX Glass Ionomer' }) })).json();
    expect(ids(await search(member(), term))).toEqual([created.id]);
    expect((await search(foreignMember(), term)).total).toBe(0);

    expect((await t.request({ method: 'PATCH', url: `/api/product/${created.id}/approve`, token: admin() })).statusCode).toBe(200);
    expect(ids(await search(foreignMember(), term))).toEqual([created.id]);

    // The rows are read fresh: a new minimum stock shows in the same remembered page.
    expect((await t.request({ method: 'PATCH', url: `/api/product/${created.id}`, token: member(), payload: { minimum_stock: 7 } })).statusCode).toBe(200);
    expect((await search(member(), term)).results[0].minimum_stock).toBe(7);

    expect((await t.request({ method: 'DELETE', url: `/api/product/${created.id}`, token: ownAdmin() })).statusCode).toBe(204);
    expect((await search(member(), term)).total).toBe(0);
    expect(ids(await search(foreignMember(), term))).toEqual([created.id]);

    expect((await t.request({ method: 'PATCH', url: `/api/product/${created.id}`, token: admin(), payload: { name: 'Ketac Molar' } })).statusCode).toBe(200);
    expect((await search(foreignMember(), term)).total).toBe(0);

    const before = await search(member(), 'fuzzySearchQuery=zirconia%20bur&perPage=10&currentPage=3');
    await createProduct(t.db, { companyId: null, name: 'Zirconia Bur 24', brand: 'Komet' });
    const after = await search(member(), 'fuzzySearchQuery=zirconia%20bur&perPage=10&currentPage=3');
    expect([before.total, after.total]).toEqual([before.total, before.total + 1]);
    expect(after.results.at(-1).name).toBe('Zirconia Bur 24');
  });
});

// Issue 37: a search is ranked once and its pages are slices of that ranking.
describe('the pages of a search', () => {
  it('are cut from one ranking in name order, deep pages included, and follow the catalog as it changes', async () => {
    const word = `Rankprobe${randomUUID().slice(0, 8)}`;
    const names = Array.from({ length: 23 }, (_, i) => `${word} ${String.fromCharCode(65 + ((i * 7) % 23))}${String(i)}`);
    const made = await Promise.all(names.map((name) => createProduct(t.db, { companyId: null, name })));
    const inOrder = [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    const page = async (currentPage: number, perPage: number) => search(member(), `fuzzySearchQuery=${word}&perPage=${String(perPage)}&currentPage=${String(currentPage)}`);
    const namesOf = (answer: { results: { name: string }[] }) => answer.results.map((p) => p.name);

    // A deep page first (beyond the pages a list opens on), then the first ones, then odd sizes.
    expect(namesOf(await page(5, 5))).toEqual(inOrder.slice(20, 23));
    expect(namesOf(await page(1, 10))).toEqual(inOrder.slice(0, 10));
    expect(namesOf(await page(2, 10))).toEqual(inOrder.slice(10, 20));
    expect(namesOf(await page(4, 7))).toEqual(inOrder.slice(21, 23));
    expect(await page(9, 10)).toMatchObject({ results: [], total: 23 });
    expect((await page(3, 10)).total).toBe(23);

    // A product gone and one come: every page, the deep one too, is the catalog as it is now.
    const gone = made.find((p) => p.name === inOrder[3])!;
    expect((await t.request({ method: 'DELETE', url: `/api/product/${gone.id}`, token: admin() })).statusCode).toBe(204);
    await createProduct(t.db, { companyId: null, name: `${word} Z-last` });
    const now = [...inOrder.filter((n) => n !== gone.name), `${word} Z-last`];
    expect(namesOf(await page(5, 5))).toEqual(now.slice(20, 23));
    expect(namesOf(await page(1, 10))).toEqual(now.slice(0, 10));
    expect((await page(1, 10)).total).toBe(23);
  });
});

// Issue 35: days of cover in the product lists, from the reorder job's forecast and the shelf now.
describe('days of cover in the list', () => {
  const forecast = (productId: string, dailyUse: number) =>
    t.db.execute(sql`insert into reorder_forecasts (company_id, product_id, method, daily_use, lead_time_days, reorder_point, order_up_to)
                     values (${ownLocation()}, ${productId}, 'steady', ${dailyUse}, 3, 5, 10)`);
  const lot = (productId: string, units: number, options: { expiryDate?: string | null } = {}) => createStock(t.db, { companyId: ownLocation(), productId, containers: 1, unitsPerContainer: units, ...options });
  let categoryId: string;
  const ids: Record<'plenty' | 'short' | 'empty' | 'third' | 'unforecast' | 'unused', string> = { plenty: '', short: '', empty: '', third: '', unforecast: '', unused: '' };

  beforeAll(async () => {
    categoryId = (await createCategory(t.db, { companyId: null, name: 'Cover Probe Category' })).id;
    const product = async (name: string) => (await createProduct(t.db, { companyId: null, name, categoryId })).id;
    // Names in another order than their cover, so the sort cannot pass for name order.
    ids.plenty = await product('Coverprobe Alpha');
    ids.short = await product('Coverprobe Delta');
    ids.empty = await product('Coverprobe Echo');
    ids.third = await product('Coverprobe Bravo');
    ids.unforecast = await product('Coverprobe Charlie');
    ids.unused = await product('Coverprobe Foxtrot');

    // 25 usable units at 2 a day: 12.5 days. The expired, quarantined and deleted lots count for nothing.
    await lot(ids.plenty, 20);
    await lot(ids.plenty, 5, { expiryDate: null });
    await lot(ids.plenty, 40, { expiryDate: '2000-01-31' });
    const quarantined = await lot(ids.plenty, 30);
    await t.db.execute(sql`update stocks set status = 'quarantined' where id = ${quarantined.id}`);
    const deleted = await lot(ids.plenty, 30);
    await t.db.execute(sql`update stocks set deleted_at = now() where id = ${deleted.id}`);
    await forecast(ids.plenty, 2);
    // 10 units at 4 a day: 2.5 days; none left at 1 a day: 0 days; 10 units at 3 a day: 3.3 days.
    await lot(ids.short, 10);
    await forecast(ids.short, 4);
    await forecast(ids.empty, 1);
    await lot(ids.third, 10);
    await forecast(ids.third, 3);
    // Stock but no forecast; a forecast that uses nothing: no cover either way.
    await lot(ids.unforecast, 50);
    await lot(ids.unused, 50);
    await forecast(ids.unused, 0);
  });

  const list = async (query: string, token = member()) => {
    const res = await t.request({ method: 'GET', url: `/api/product/v2?${query}`, token });
    expect(res.statusCode).toBe(200);
    return res.json() as { results: { id: string; days_of_cover: number | null }[]; total: number };
  };
  const order = (page: { results: { id: string }[] }) => page.results.map((p) => Object.entries(ids).find(([, id]) => id === p.id)?.[0]);

  it('answers each row with its usable units over the daily use, to one decimal, and null without a forecast', async () => {
    const page = await list('fuzzySearchQuery=coverprobe');
    const cover = Object.fromEntries(page.results.map((p) => [order({ results: [p] })[0], p.days_of_cover]));
    expect(cover).toEqual({ plenty: 12.5, short: 2.5, empty: 0, third: 3.3, unforecast: null, unused: null });
    // Another location's forecast is not the reader's; the product admin keeps no stock.
    expect((await list('fuzzySearchQuery=coverprobe', foreignMember())).results.map((p) => p.days_of_cover)).toEqual(Array(6).fill(null));
    expect((await list('fuzzySearchQuery=coverprobe', admin())).results.map((p) => p.days_of_cover)).toEqual(Array(6).fill(null));
  });

  it('sorts a search by days of cover, fewest first or most first, products without a forecast last both ways', async () => {
    expect(order(await list('fuzzySearchQuery=coverprobe&sort=days_of_cover'))).toEqual(['empty', 'short', 'third', 'plenty', 'unforecast', 'unused']);
    expect(order(await list('fuzzySearchQuery=coverprobe&sort=days_of_cover&order=desc'))).toEqual(['plenty', 'third', 'short', 'empty', 'unforecast', 'unused']);
  });

  it('sorts a browsed list the same, page by page across the products without a forecast', async () => {
    const browse = (rest: string) => list(`category_id=${categoryId}&sort=days_of_cover&${rest}`);
    expect(order(await browse('perPage=10'))).toEqual(['empty', 'short', 'third', 'plenty', 'unforecast', 'unused']);
    expect(order(await browse('perPage=10&order=desc'))).toEqual(['plenty', 'third', 'short', 'empty', 'unforecast', 'unused']);
    const pages = await Promise.all([1, 2, 3, 4].map((n) => browse(`perPage=3&currentPage=${n}`)));
    expect(pages.map(order)).toEqual([['empty', 'short', 'third'], ['plenty', 'unforecast', 'unused'], [], []]);
    expect(pages.map((p) => p.total)).toEqual([6, 6, 6, 6]);
    const pairs = await Promise.all([1, 2, 3].map((n) => browse(`perPage=2&currentPage=${n}&order=desc`)));
    expect(pairs.map(order)).toEqual([['plenty', 'third'], ['short', 'empty'], ['unforecast', 'unused']]);
  });

  it('follows the shelf at once, and orders equal cover by name', async () => {
    const [stock] = await queryRows<{ id: string }>(t.db, sql`select id from stocks where product_id = ${ids.plenty} and units_left = 20 and status = 'available' and deleted_at is null`);
    await t.db.execute(sql`update stocks set units_used = 20 where id = ${stock!.id}`);
    // 5 units left at 2 a day: 2.5 days, as 'Coverprobe Delta' has; 'Coverprobe Alpha' comes first.
    const page = await list(`category_id=${categoryId}&sort=days_of_cover`);
    expect(order(page)).toEqual(['empty', 'plenty', 'short', 'third', 'unforecast', 'unused']);
    expect(page.results.slice(1, 3).map((p) => p.days_of_cover)).toEqual([2.5, 2.5]);
    await t.db.execute(sql`update stocks set units_used = 0 where id = ${stock!.id}`);
  });

  it('lets the product admin, and staff who do not read the stock, ask for the sort: no cover, the list keeps its name order', async () => {
    const byName = ['plenty', 'third', 'unforecast', 'short', 'empty', 'unused'];
    expect(order(await list(`category_id=${categoryId}&sort=days_of_cover`, admin()))).toEqual(byName);
    const catalogOnly = await createUser(t.db, { role: 'company_member', organizationId: world.own.org.id, companyId: ownLocation() });
    await t.db.execute(sql`update users set permissions = ${JSON.stringify({ products: ['read'] })}::jsonb where id = ${catalogOnly.id}`);
    const page = await list(`category_id=${categoryId}&sort=days_of_cover`, t.tokenFor(catalogOnly));
    expect(order(page)).toEqual(byName);
    expect(page.results.map((p) => p.days_of_cover)).toEqual(Array(6).fill(null));
  });

  it('refuses a sort or an order it does not know', async () => {
    expect((await t.request({ method: 'GET', url: '/api/product/v2?sort=units_left', token: member() })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/product/v2?sort=days_of_cover&order=up', token: member() })).statusCode).toBe(400);
  });
});

describe('attachments', () => {
  it('adds a PDF, an image and a video link, each visible to its owner, and deletes one', async () => {
    const product = await createProduct(t.db, { companyId: null, name: 'Juvederm Voluma XC' });
    const pdf = await uploadFile(t, member(), 'product_attachment', { name: 'IFU.pdf', mimeType: 'application/pdf', bytes: PDF_BYTES });
    const doc = await t.request({ method: 'POST', url: `/api/product/${product.id}/attachment`, token: member(), payload: { name: 'Instructions', type: 'document', value: pdf } });
    expect(doc.statusCode).toBe(201);
    expect(doc.json().value).toMatch(/\?expires=\d+&signature=/);

    const notAnImage = await t.request({ method: 'POST', url: `/api/product/${product.id}/attachment`, token: member(), payload: { name: 'Photo', type: 'image', value: pdf } });
    expect(notAnImage.json().errors).toEqual([{ field: 'value', message: UPLOAD_MESSAGES.typeNotAllowed('application/pdf') }]);
    const blankVideo = await t.request({ method: 'POST', url: `/api/product/${product.id}/attachment`, token: member(), payload: { name: 'Video', type: 'video', value: '  ' } });
    expect(blankVideo.json().errors).toEqual([{ field: 'value', message: PRODUCT_MESSAGES.videoLinkRequired }]);
    const video = await t.request({ method: 'POST', url: `/api/product/${product.id}/attachment`, token: member(), payload: { name: 'Injection technique', type: 'video', value: 'https://videos.example/voluma' } });
    expect(video.statusCode).toBe(201);
    const image = await uploadFile(t, member(), 'product_attachment', { name: 'box.png', mimeType: 'image/png', bytes: PNG_BYTES });
    expect((await t.request({ method: 'POST', url: `/api/product/${product.id}/attachment`, token: member(), payload: { name: 'Box', type: 'image', value: image } })).statusCode).toBe(201);

    const mine = (await t.request({ method: 'GET', url: `/api/product/${product.id}`, token: member() })).json();
    expect(mine.attachments.map((a: { name: string }) => a.name)).toEqual(['Instructions', 'Injection technique', 'Box']);
    const theirs = (await t.request({ method: 'GET', url: `/api/product/${product.id}`, token: foreignMember() })).json();
    expect(theirs.attachments).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `/api/product/${product.id}/attachment/${doc.json().id}`, token: foreignMember() })).statusCode).toBe(404);

    expect((await t.request({ method: 'DELETE', url: `/api/product/${product.id}/attachment/${doc.json().id}`, token: member() })).statusCode).toBe(204);
    const after = (await t.request({ method: 'GET', url: `/api/product/${product.id}`, token: member() })).json();
    expect(after.attachments.map((a: { name: string }) => a.name)).toEqual(['Injection technique', 'Box']);
  });

  it('stores a product image from an upload and refuses one that was never uploaded', async () => {
    const image = await uploadFile(t, member(), 'product_image', { name: 'front.png', mimeType: 'image/png', bytes: PNG_BYTES });
    const res = await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ product_image_url: image }) });
    expect(res.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: res.json().product_image_url })).statusCode).toBe(200);
    const presigned = (await t.request({ method: 'POST', url: '/api/upload', token: member(), payload: { file_name: 'never.png', type: 'product_image', mimeType: 'image/png' } })).json();
    const missing = await t.request({ method: 'POST', url: '/api/product', token: member(), payload: body({ product_image_url: presigned.public_url }) });
    expect(missing.json().errors).toEqual([{ field: 'product_image_url', message: UPLOAD_MESSAGES.fileMissing }]);
  });
});

describe('export', () => {
  it('exports the current filter as a real .xlsx with formula cells escaped', async () => {
    await createProduct(t.db, { companyId: null, name: '=HYPERLINK("http://evil.example","Click")', brand: '@brand' });
    await createProduct(t.db, { companyId: null, name: 'Hyperlink Safe Product', brand: '+plus', barcode: '+H629EXPORT1' });
    const res = await t.request({ method: 'GET', url: '/api/product/v2/export-xls?fuzzySearchQuery=hyperlink', token: member() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Products')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    const names = [2, 3].map((r) => sheet.getRow(r).getCell(1).value);
    expect(names).toEqual(["'=HYPERLINK(\"http://evil.example\",\"Click\")", 'Hyperlink Safe Product']);
    expect(sheet.getRow(2).getCell(2).value).toBe("'@brand");
    expect(sheet.getRow(3).getCell(2).value).toBe("'+plus");
    // Imported as written (an HIBC barcode), neutralised on the way out.
    expect(sheet.getRow(3).getCell(3).value).toBe("'+H629EXPORT1");
    expect(sheet.rowCount).toBe(3);
  });
});

// A broad term can match most of the catalog: its total is counted up to a cap, and the pages past
// the cap still answer (the web pages on while a page comes back full).
describe('a search matching more products than the total counts', () => {
  const CAP = PRODUCT_SEARCH_TOTAL_CAP;
  beforeAll(async () => {
    await t.db.execute(sql`
      insert into products (name, type, container, basic_unit, is_approved)
      select 'Capped Probe ' || lpad(i::text, 4, '0'), 'disposable', 'box', 'item', true
      from generate_series(1, ${CAP + 5}::int) i`);
  });
  const names = (page: { results: { name: string }[] }) => page.results.map((p) => p.name);

  it(`answers the total as ${CAP} and totalIsCapped, with lastPage the cap's last page`, async () => {
    const first = await search(member(), 'fuzzySearchQuery=capped%20probe');
    expect(first).toMatchObject({ currentPage: 1, total: CAP, totalIsCapped: true, lastPage: CAP / 10 });
    expect(names(first)[0]).toBe('Capped Probe 0001');
  });

  it('answers the pages past the cap, in order, and an empty page after the last match', async () => {
    const past = await search(member(), `fuzzySearchQuery=capped%20probe&currentPage=${CAP / 10 + 1}`);
    expect(names(past)).toEqual([1, 2, 3, 4, 5].map((n) => `Capped Probe ${String(CAP + n).padStart(4, '0')}`));
    expect(past).toMatchObject({ total: CAP, totalIsCapped: true });
    const after = await search(member(), `fuzzySearchQuery=capped%20probe&currentPage=${CAP / 10 + 2}`);
    expect(after).toMatchObject({ results: [], total: CAP, totalIsCapped: true });
  });

  it('counts a narrower term exactly', async () => {
    const narrow = await search(member(), 'fuzzySearchQuery=capped%20probe%20300');
    expect(narrow.totalIsCapped).toBe(false);
    expect(narrow.total).toBe(narrow.results.length);
    expect(names(narrow)).toContain(`Capped Probe ${String(CAP).padStart(4, '0')}`);
  });

  it('keeps browsing without a term exact', async () => {
    const all = await search(admin(), 'perPage=1');
    expect(all.totalIsCapped).toBe(false);
    expect(all.total).toBeGreaterThan(CAP);
  });
});
