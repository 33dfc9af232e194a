import { sql } from 'drizzle-orm';
import { IMPORT_MESSAGES, productImportTemplateCsv, UPLOAD_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createCategory, createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { uploadFile } from '../../../test/fixtures/files';
import { queryRows } from '../../../test/setup/sql';
import { QUEUES } from '../../jobs/queues';
import { keyFromFileUrl } from '../uploads/storage';
import { insertImport, insertImportLines, refreshImportCounts, updateImport } from './imports.repo';

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
  await createCategory(t.db, { companyId: null, name: 'Composites & Restoratives' });
  await createCategory(t.db, { companyId: null, name: 'Anesthetics' });
  await createProduct(t.db, { companyId: null, name: 'Existing Gloves M', barcode: '999000000017' });
});
afterAll(async () => t.close());

const admin = () => t.tokenFor(world.admin);
const HEADER = 'Product Name,Barcode,Type,Basic Unit,Container,Brand,Manufacturer Code,Category,Description,Weight or Volume,Expiry Date';

async function importCsv(csv: string | Buffer, name = 'products.csv', locationId?: string) {
  const url = await uploadFile(t, admin(), 'product_csv_import', { name, mimeType: 'text/csv', bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) });
  const res = await t.request({ method: 'POST', url: '/api/import/product', token: admin(), payload: { file_url: url, ...(locationId && { location_id: locationId }) } });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().status).toBe('queued');
  return waitFor(res.json().id as string);
}

async function waitFor(id: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const res = await t.request({ method: 'GET', url: `/api/import/product/${id}?perPage=100`, token: admin() });
    const body = res.json();
    if (body.status === 'completed' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

const productCount = async (term: string) => (await t.request({ method: 'GET', url: `/api/product/v2?fuzzySearchQuery=${encodeURIComponent(term)}`, token: admin() })).json().total as number;

it('imports the good rows and keeps every bad row with its reason', async () => {
  const csv = [
    HEADER,
    'Filtek Import A1,100000000011,consumable,gram,tube,3M,6028A1,Composites & Restoratives,Nanofill,4,12/31/2027',
    'Septocaine Import,100000000028,disposable,cartridge,box,Septodont,01A12,anesthetics,,1.7,',
    'No Category Import,100000000035,consumable,gram,jar,,,Nonexistent,,,',
    'Bad Type Import,100000000042,liquid,ml,bottle,,,,,,',
    'Bad Expiry Import,100000000059,consumable,ml,bottle,,,,,,31/12/2027',
    'Existing Gloves M,100000000066,disposable,item,box,,,,,,',
    'Filtek Import A1,100000000073,consumable,gram,tube,,,,,,',
    ',100000000080,,,,,,,,,',
  ].join('\n');
  const done = await importCsv(csv);
  expect(done).toMatchObject({ status: 'completed', total_rows: 8, processed_rows: 8, succeeded_rows: 2, failed_rows: 6, error: null });
  const reasons = Object.fromEntries(done.rows.results.map((r: { row_number: number; reason: string | null }) => [r.row_number, r.reason]));
  expect(reasons[2]).toBeNull();
  expect(reasons[3]).toBeNull();
  expect(reasons[4]).toBe("Category 'Nonexistent' does not exist");
  expect(reasons[5]).toBe(IMPORT_MESSAGES.invalidType);
  expect(reasons[6]).toBe(IMPORT_MESSAGES.invalidExpiry);
  expect(reasons[7]).toBe(IMPORT_MESSAGES.exists);
  expect(reasons[8]).toBe(IMPORT_MESSAGES.duplicateInFile);
  expect(reasons[9]).toBe('Product Name is required; Type is required; Basic Unit is required');

  // Imported products join the shared catalog every location sees.
  const seen = (await t.request({ method: 'GET', url: '/api/product/v2?fuzzySearchQuery=filtek%20import', token: t.tokenFor(world.own.users.company_member) })).json();
  expect(seen.results[0]).toMatchObject({ name: 'Filtek Import A1', is_approved: true, category: { name: 'Composites & Restoratives' }, expires_at: '2027-12-31', weight_or_volume: 4 });
});

it('fixes a failed row: still wrong is refused and changes nothing, corrected is imported', async () => {
  const done = await importCsv([HEADER, 'Fixable Import Bur,100000000097,disposable,item,box,,,Missing Category,,,'].join('\n'));
  const row = done.rows.results[0];
  expect(row.status).toBe('failed');

  const stillWrong = await t.request({ method: 'PATCH', url: `/api/import/product/csv_product/${row.id}`, token: admin(), payload: { category: 'Also Missing' } });
  expect(stillWrong.statusCode).toBe(400);
  expect(stillWrong.json().message).toBe("Category 'Also Missing' does not exist");
  expect((await waitFor(done.id)).rows.results[0].data.category).toBe('Missing Category');

  const fixed = await t.request({ method: 'PATCH', url: `/api/import/product/csv_product/${row.id}`, token: admin(), payload: { category: 'Anesthetics' } });
  expect(fixed.statusCode).toBe(200);
  expect(fixed.json()).toMatchObject({ status: 'succeeded', reason: null });
  expect(await waitFor(done.id)).toMatchObject({ succeeded_rows: 1, failed_rows: 0 });
  expect(await productCount('fixable import bur')).toBe(1);

  const again = await t.request({ method: 'PATCH', url: `/api/import/product/csv_product/${row.id}`, token: admin(), payload: {} });
  expect(again.statusCode).toBe(409);
});

describe('malformed files are refused whole and write nothing', () => {
  it.each([
    ['a missing required column', `Product Name,Type,Basic Unit\nMissing Barcode Import,consumable,ml\n`, IMPORT_MESSAGES.missingColumn('Barcode')],
    ['an unknown column (junk)', `${'x7Qz!'.repeat(50)}\n${'junk line\n'.repeat(2000)}`, IMPORT_MESSAGES.unknownColumn('x7Qz!'.repeat(50))],
    ['a workbook that is not one', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not a workbook')]), IMPORT_MESSAGES.unreadable],
    ['a header without rows', `${HEADER}\n`, IMPORT_MESSAGES.empty],
  ])('%s', async (_label, csv, message) => {
    const done = await importCsv(csv);
    expect(done).toMatchObject({ status: 'failed', error: message, succeeded_rows: 0 });
    expect(done.rows.total).toBe(0);
  });
});

it('reads the downloadable template, but refuses its marked example row with the reason, even when fixed', async () => {
  const done = await importCsv(productImportTemplateCsv());
  expect(done).toMatchObject({ status: 'completed', total_rows: 1, succeeded_rows: 0, failed_rows: 1 });
  const row = done.rows.results[0];
  expect(row.data.name).toMatch(/^EXAMPLE \(not imported\) Filtek/);
  expect(row.reason).toBe(IMPORT_MESSAGES.exampleRow);
  const fix = await t.request({ method: 'PATCH', url: `/api/import/product/csv_product/${row.id as string}`, token: admin(), payload: { type: 'consumable' } });
  expect(fix.statusCode).toBe(400);
  expect(fix.json().message).toBe(IMPORT_MESSAGES.exampleRow);
  expect(await productCount('EXAMPLE (not imported)')).toBe(0);
});

it("names 'Product already exists' as the reason of an existing product's row, before its other problems, in the file and when fixed", async () => {
  const done = await importCsv([HEADER, 'Existing Gloves M,100000000103,liquid,gram,box,,,No Such Category,,,'].join('\n'));
  const row = done.rows.results[0];
  expect(row.reason).toBe(IMPORT_MESSAGES.exists);
  const fix = await t.request({ method: 'PATCH', url: `/api/import/product/csv_product/${row.id as string}`, token: admin(), payload: { name: 'Existing Gloves M', barcode: '999000000017', type: 'disposable' } });
  expect(fix.statusCode).toBe(409);
  expect(fix.json().message).toBe(IMPORT_MESSAGES.exists);
});

it('takes an import cut off by its server stopping up again after the rows it recorded, each row once, and says so', async () => {
  const names = ['Resumed Import 1', 'Resumed Import 2', 'Resumed Import 3', 'Resumed Import 4', 'Resumed Import 5'];
  const lines = names.map((name, i) => `${name},40000000000${String(i)},consumable,gram,tube,,,,,,`);
  const url = await uploadFile(t, admin(), 'product_csv_import', { name: 'resumed.csv', mimeType: 'text/csv', bytes: Buffer.from([HEADER, ...lines].join('\n')) });
  // As a killed server leaves it: the first two rows written (with their products), the job claimed and running.
  const job = await insertImport(t.db, { companyId: null, stockCompanyId: null, fileKey: keyFromFileUrl(url)!, fileName: 'resumed.csv', createdBy: world.admin.id });
  await updateImport(t.db, job.id, { status: 'processing', startedAt: new Date(), totalRows: names.length });
  for (const [i, name] of names.slice(0, 2).entries()) {
    const product = await createProduct(t.db, { companyId: null, name, barcode: `40000000000${String(i)}` });
    // Rows are numbered as the spreadsheet shows them: the header is row 1.
    await insertImportLines(t.db, [{ importId: job.id, rowNumber: i + 2, status: 'succeeded', reason: null, data: { name }, productId: product.id }]);
  }
  await refreshImportCounts(t.db, job.id, new Date());
  await t.jobs.send(QUEUES.productImport, { importId: job.id });
  await t.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = 'product-import' and data->>'importId' = ${job.id}`);
  await t.db.execute(sql`insert into job_processes (id, seen_at) values ('killed-mid-import', now() - interval '1 minute')`);
  await t.db.execute(sql`insert into job_runs (job_id, queue, process_id, attempt) select id, name, 'killed-mid-import', retry_count from pgboss.job where data->>'importId' = ${job.id}`);

  // Its process's heartbeat stopped: the job is failed as cut off, due at once, and continues from row 4.
  expect(await t.jobs.reapDeadProcesses()).toBe(1);
  // Twice: the first may be the end of a drain a request of the test before started.
  await t.jobs.drain('product-import');
  await t.jobs.drain('product-import');
  const done = await waitFor(job.id);
  expect(done).toMatchObject({ status: 'completed', total_rows: 5, processed_rows: 5, succeeded_rows: 5, failed_rows: 0, resumed: { at: expect.any(String), after_rows: 2 } });
  expect(done.rows.results.map((r: { row_number: number }) => r.row_number)).toEqual([2, 3, 4, 5, 6]);
  const products = await queryRows<{ name: string; n: number }>(t.db, sql`select name, count(*)::int as n from products where name like 'Resumed Import %' group by name order by name`);
  expect(products).toEqual(names.map((name) => ({ name, n: 1 })));
});

it('says nothing of resuming when an import ran through', async () => {
  const done = await importCsv([HEADER, 'Ran Through Import,500000000001,consumable,gram,tube,,,,,,'].join('\n'));
  expect(done).toMatchObject({ status: 'completed', succeeded_rows: 1, resumed: null });
});

it("refuses another owner's upload and a file that is not a CSV upload", async () => {
  const locationUpload = await uploadFile(t, t.tokenFor(world.own.users.company_member), 'product_csv_import', { name: 'x.csv', mimeType: 'text/csv', bytes: Buffer.from(HEADER) });
  const res = await t.request({ method: 'POST', url: '/api/import/product', token: admin(), payload: { file_url: locationUpload } });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors[0].field).toBe('file_url');
});

describe('stock columns', () => {
  const STOCK_HEADER = `${HEADER},Supplier,Number of Containers,Quantity,Price per Container,Lot Number,Stock Expiry Date`;
  const location = () => world.own.org.locations[0]!.id;
  const stockOf = async (productId: string) =>
    (await t.request({ method: 'GET', url: `/api/stock?productId=${productId}`, token: t.tokenFor(world.own.users.company_member) })).json() as { results: { id: string; units_left: number; unit_price: number; lotNumber: string; supplier: { name: string } | null; expiry_date: string }[] };

  it('receives each row’s stock at the chosen location, and refuses stock rows the rules of spec section 5 refuse', async () => {
    await createSupplier(t.db, { companyId: location(), name: 'Import Dental Supply' });
    const csv = [
      STOCK_HEADER,
      'Stocked Import Gloves,300000000011,disposable,item,box,,,,,,,Import Dental Supply,2,50,25.00,LOT-IMP-1,06/30/2027',
      'Unknown Supplier Import,300000000028,disposable,item,box,,,,,,,Nobody Supplies,1,10,5,,',
      'Bad Count Import,300000000035,disposable,item,box,,,,,,,Import Dental Supply,x,10,5,,',
      'Consumable Import,300000000042,consumable,ml,bottle,,,,,,,Import Dental Supply,1,5,5,,',
      'No Stock Import,300000000059,disposable,item,box,,,,,,,,,,,,',
    ].join('\n');
    const done = await importCsv(csv, 'stock.csv', location());
    expect(done).toMatchObject({ status: 'completed', succeeded_rows: 2, failed_rows: 3, stock_location_id: location() });
    const row = (n: number) => done.rows.results.find((r: { row_number: number }) => r.row_number === n) as { id: string; reason: string | null; product_id: string | null };
    expect(row(3).reason).toBe(IMPORT_MESSAGES.supplierMissing('Nobody Supplies'));
    expect(row(4).reason).toBe(IMPORT_MESSAGES.stockWholeNumber('Number of Containers'));
    expect(row(5).reason).toBe('Quantity: A consumable product is counted in units: units per container is 1');
    // 2 boxes of 50 at $25 a box: 100 units at $0.50.
    expect((await stockOf(row(2).product_id!)).results).toEqual([expect.objectContaining({ units_left: 100, unit_price: 0.5, lotNumber: 'LOT-IMP-1', expiry_date: '2027-06-30', supplier: expect.objectContaining({ name: 'Import Dental Supply' }) })]);
    expect((await stockOf(row(6).product_id!)).results).toEqual([]);
    // Received through the ledger like any other lot: its audit row names the import and who ran it.
    const [lot] = (await stockOf(row(2).product_id!)).results;
    const audit = await queryRows(t.db, sql`select actor_user_id, company_id, action, changes->>'source' as source, changes->>'import_id' as import_id from audit_log where entity = 'stock' and entity_id = ${lot!.id}`);
    expect(audit).toEqual([{ actor_user_id: world.admin.id, company_id: location(), action: 'create', source: 'product_import', import_id: done.id }]);

    // The supplier corrected: the row imports with its stock.
    const fixed = await t.request({ method: 'PATCH', url: `/api/import/product/csv_product/${row(3).id}`, token: admin(), payload: { supplier: 'import dental supply' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await stockOf(fixed.json().product_id as string)).results).toEqual([expect.objectContaining({ units_left: 10, unit_price: 0.5 })]);
  });

  it('fails stock rows when no location receives them, and refuses a location that does not exist', async () => {
    const csv = [STOCK_HEADER, 'Homeless Stock Import,300000000066,disposable,item,box,,,,,,,Import Dental Supply,1,10,5,,'].join('\n');
    const done = await importCsv(csv, 'no-location.csv');
    expect(done).toMatchObject({ succeeded_rows: 0, failed_rows: 1, stock_location_id: null });
    expect(done.rows.results[0].reason).toContain(IMPORT_MESSAGES.stockNeedsLocation);
    const url = await uploadFile(t, admin(), 'product_csv_import', { name: 'x.csv', mimeType: 'text/csv', bytes: Buffer.from(csv) });
    const res = await t.request({ method: 'POST', url: '/api/import/product', token: admin(), payload: { file_url: url, location_id: '00000000-0000-4000-8000-000000000000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors ?? [{ field: res.json().field, message: res.json().message }]).toEqual([{ field: 'location_id', message: 'Location not found' }]);
  });
});


describe('treatment designs', () => {
  const location = () => world.own.org.locations[1]!.id;
  const importTreatments = async (csv: string, locationId: string | null = location()) => {
    const url = await uploadFile(t, admin(), 'product_csv_import', { name: 'treatments.csv', mimeType: 'text/csv', bytes: Buffer.from(csv) });
    return t.request({ method: 'POST', url: '/api/import/treatment', token: admin(), payload: { file_url: url, ...(locationId && { location_id: locationId }) } });
  };

  it('imports good rows with their trays and keeps every bad row’s reason', async () => {
    await createProduct(t.db, { companyId: null, name: 'Tray Composite Import', barcode: '400000000011' });
    await createProduct(t.db, { companyId: null, name: 'Tray Gloves Import', barcode: '400000000028' });
    const category = await t.request({ method: 'POST', url: '/api/treatment/category', token: t.tokenFor(world.own.users.organization_admin, location()), payload: { name: 'Restorative Import' } });
    expect(category.statusCode, category.body).toBe(201);
    const csv = [
      'Treatment Code,Name,Abbreviation,Category,Description,Products',
      'IMP-1,Composite one surface,COMP1,restorative import,Class I,400000000011 x 0.3; 400000000028 x 2',
      'IMP-2,No tray,,,,',
      'IMP-3,Missing category,,Nowhere,,',
      'IMP-4,Unknown product,,,,999999999999 x 1',
      'IMP-5,Bad tray,,,,400000000011 twice',
      'IMP-1,Twice in file,,,,',
      ',No code,,,,',
    ].join('\n');
    const res = await importTreatments(csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_rows: 7, succeeded_rows: 2, failed_rows: 5 });
    const reason = (n: number) => body.rows.find((r: { row_number: number }) => r.row_number === n).reason as string | null;
    expect(reason(2)).toBeNull();
    expect(reason(3)).toBeNull();
    expect(reason(4)).toBe("Treatment category 'Nowhere' does not exist");
    expect(reason(5)).toBe("No product with barcode '999999999999'");
    expect(reason(6)).toBe("'400000000011 twice' is not written barcode x quantity");
    expect(reason(7)).toBe('Treatment already exists');
    expect(reason(8)).toBe('Treatment code is required');

    // The design is the location's, with its tray, as the design page shows it.
    const id = body.rows[0].treatment_id as string;
    const design = (await t.request({ method: 'GET', url: `/api/treatment/${id}`, token: t.tokenFor(world.own.users.organization_admin, location()) })).json();
    expect(design).toMatchObject({ treatment_code: 'IMP-1', abbreviation: 'COMP1', category: { name: 'Restorative Import' } });
    expect(design.treatmentProducts.map((p: { quantity: number }) => p.quantity).sort()).toEqual([0.3, 2]);
    // Again: every code is taken now.
    expect((await importTreatments(csv)).json().succeeded_rows).toBe(0);
  });

  // Issue 54, item 9: each import's file has its own kind; product_csv_import, which every file was before, still reads.
  it('reads a treatments file or a file uploaded as product_csv_import, and refuses another import’s file', async () => {
    const csv = (code: string) => Buffer.from(`Treatment Code,Name\n${code},Kind ${code}\n`);
    const run = async (type: string, code: string) => {
      const url = await uploadFile(t, admin(), type, { name: 'treatments.csv', mimeType: 'text/csv', bytes: csv(code) });
      return t.request({ method: 'POST', url: '/api/import/treatment', token: admin(), payload: { file_url: url, location_id: location() } });
    };
    expect((await run('treatment_csv_import', 'KIND-1')).json().rows[0]).toMatchObject({ treatment_code: 'KIND-1', status: 'succeeded' });
    expect((await run('product_csv_import', 'KIND-2')).json().rows[0]).toMatchObject({ treatment_code: 'KIND-2', status: 'succeeded' });
    const other = await run('production_csv_import', 'KIND-3');
    expect(other.statusCode).toBe(400);
    expect(other.json().errors ?? [{ field: other.json().field, message: other.json().message }]).toEqual([{ field: 'file_url', message: UPLOAD_MESSAGES.fileForeign }]);
    // And the product import reads its own kind only.
    const url = await uploadFile(t, admin(), 'treatment_csv_import', { name: 'x.csv', mimeType: 'text/csv', bytes: Buffer.from(HEADER) });
    expect((await t.request({ method: 'POST', url: '/api/import/product', token: admin(), payload: { file_url: url } })).statusCode).toBe(400);
  });

  it('needs a location for the product admin, and a readable file', async () => {
    const none = await importTreatments('Treatment Code,Name\nX-1,Anything\n', null);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors ?? [{ field: none.json().field, message: none.json().message }]).toEqual([{ field: 'location_id', message: 'Choose the location the treatments belong to' }]);
    const header = await importTreatments('Name\nAnything\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(IMPORT_MESSAGES.missingColumn('Treatment Code'));
    // A cell is text as written: one starting with = is a name like any other (exports escape it).
    const formula = await importTreatments('Treatment Code,Name\nX-2,=HYPERLINK("x")\n');
    expect(formula.json().rows[0]).toMatchObject({ treatment_code: 'X-2', status: 'succeeded' });
  });
});
