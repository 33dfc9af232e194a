import { IMPORT_MESSAGES, productImportTemplateCsv } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createCategory, createProduct } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { uploadFile } from '../../../test/fixtures/files';

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

async function importCsv(csv: string | Buffer, name = 'products.csv') {
  const url = await uploadFile(t, admin(), 'product_csv_import', { name, mimeType: 'text/csv', bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) });
  const res = await t.request({ method: 'POST', url: '/api/import/product', token: admin(), payload: { file_url: url } });
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
    'Bad Expiry Import,100000000059,consumable,ml,bottle,,,,,,2027-12-31',
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
    ['a formula cell', `${HEADER}\nFormula Safe Import,100000000103,consumable,ml,bottle,,,,,,\n"=HYPERLINK(""http://evil.example"")",100000000110,consumable,ml,bottle,,,,,,\n`, IMPORT_MESSAGES.formulaCell(3, 'Product Name')],
    ['a file that is not UTF-8', Buffer.concat([Buffer.from(`${HEADER}\nCaf`), Buffer.from([0xe9]), Buffer.from(' Latin1 Import,100000000127,consumable,ml,bottle,,,,,,\n')]), IMPORT_MESSAGES.notUtf8],
    ['a UTF-16 file', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\nUtf16 Import,100000000134,consumable,ml,bottle,,,,,,\n`, 'utf16le')]), IMPORT_MESSAGES.notUtf8],
    ['a header without rows', `${HEADER}\n`, IMPORT_MESSAGES.empty],
  ])('%s', async (_label, csv, message) => {
    const done = await importCsv(csv);
    expect(done).toMatchObject({ status: 'failed', error: message, succeeded_rows: 0 });
    expect(done.rows.total).toBe(0);
  });

  it('writes nothing from a file with a formula cell further down', async () => {
    expect(await productCount('formula safe import')).toBe(0);
  });
});

it('accepts the downloadable template as it is', async () => {
  await createCategory(t.db, { companyId: null, name: 'Composites & Restoratives Template' });
  const done = await importCsv(productImportTemplateCsv());
  expect(done).toMatchObject({ status: 'completed', succeeded_rows: 1 });
});

it("refuses another owner's upload and a file that is not a CSV upload", async () => {
  const locationUpload = await uploadFile(t, t.tokenFor(world.own.users.company_member), 'product_csv_import', { name: 'x.csv', mimeType: 'text/csv', bytes: Buffer.from(HEADER) });
  const res = await t.request({ method: 'POST', url: '/api/import/product', token: admin(), payload: { file_url: locationUpload } });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors[0].field).toBe('file_url');
});
