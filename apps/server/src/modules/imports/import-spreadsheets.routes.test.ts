import ExcelJS from 'exceljs';
import { XLSX_MIME_TYPE } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { uploadFile } from '../../../test/fixtures/files';

// Files as clinics save them: Excel workbooks and Windows-1252 CSV with semicolons (European Excel),
// whose cells start with +, - or = as ordinary data (HIBC barcodes, "-20 C storage").

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const admin = () => t.tokenFor(world.admin);

async function importFile(name: string, mimeType: string, bytes: Buffer) {
  const url = await uploadFile(t, admin(), 'product_csv_import', { name, mimeType, bytes });
  const res = await t.request({ method: 'POST', url: '/api/import/product', token: admin(), payload: { file_url: url } });
  expect(res.statusCode, res.body).toBe(202);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const body = (await t.request({ method: 'GET', url: `/api/import/product/${res.json().id as string}?perPage=100`, token: admin() })).json();
    if (body.status === 'completed' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

interface Found {
  name: string;
  barcode: string;
  description: string;
  expires_at: string | null;
}
async function product(barcode: string): Promise<Found> {
  const res = await t.request({ method: 'GET', url: `/api/product/v2?fuzzySearchQuery=${encodeURIComponent(barcode)}&perPage=100`, token: admin() });
  const found = (res.json().results as Found[]).find((p) => p.barcode === barcode);
  if (!found) throw new Error(`no product with barcode ${barcode}`);
  return found;
}

it('imports a Windows-1252 CSV separated by semicolons, every cell as written', async () => {
  const csv = [
    'Product Name;Barcode;Type;Basic Unit;Description;Expiry Date',
    'Ästhetik Füller;+H629CAFE1;consumable;ml;"-20 C storage; 1 µl drops";12/31/2027',
    '+Plus Bur café;+H629CAFE2;disposable;item;@home use;',
    '-Minus Gloves;CAFE-3;disposable;item;=not a formula;',
  ].join('\r\n');
  const done = await importFile('latin1.csv', 'text/csv', Buffer.from(csv, 'latin1'));
  expect(done, JSON.stringify(done.rows)).toMatchObject({ status: 'completed', total_rows: 3, succeeded_rows: 3, failed_rows: 0 });
  expect(await product('+H629CAFE1')).toMatchObject({ name: 'Ästhetik Füller', description: '-20 C storage; 1 µl drops', expires_at: '2027-12-31' });
  expect(await product('+H629CAFE2')).toMatchObject({ name: '+Plus Bur café', description: '@home use' });
  expect(await product('CAFE-3')).toMatchObject({ name: '-Minus Gloves', description: '=not a formula' });
});

it('imports an .xlsx workbook: text cells as written, number cells as shown, date cells as their day', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(['Product Name', 'Barcode', 'Type', 'Basic Unit', 'Description', 'Weight or Volume', 'Expiry Date']);
  sheet.addRow(['=Workbook Composite', '+H629XLSX1', 'consumable', 'gram', '-20 C storage', 4, new Date(Date.UTC(2028, 1, 29))]);
  sheet.addRow(['Workbook Gloves µ', 707387701999, 'disposable', 'item', 'Größe M', null, '12/31/2027']);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const done = await importFile('products.xlsx', XLSX_MIME_TYPE, bytes);
  expect(done, JSON.stringify(done.rows)).toMatchObject({ status: 'completed', total_rows: 2, succeeded_rows: 2, failed_rows: 0 });
  expect(await product('+H629XLSX1')).toMatchObject({ name: '=Workbook Composite', description: '-20 C storage', expires_at: '2028-02-29' });
  expect(await product('707387701999')).toMatchObject({ name: 'Workbook Gloves µ', description: 'Größe M', expires_at: '2027-12-31' });
});

it('imports treatment designs from a semicolon CSV whose tray cell holds semicolons too', async () => {
  await createProduct(t.db, { companyId: null, name: 'Semicolon Tray A', barcode: '+H629TRAY1' });
  await createProduct(t.db, { companyId: null, name: 'Semicolon Tray B', barcode: '500000000011' });
  const csv = 'Treatment Code;Name;Products\r\nSEMI-1;-Füllung klein;"+H629TRAY1 x 2; 500000000011 x 1"\r\n';
  const url = await uploadFile(t, admin(), 'product_csv_import', { name: 't.csv', mimeType: 'text/csv', bytes: Buffer.from(csv, 'latin1') });
  const res = await t.request({ method: 'POST', url: '/api/import/treatment', token: admin(), payload: { file_url: url, location_id: world.own.org.locations[0]!.id } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().rows).toEqual([expect.objectContaining({ treatment_code: 'SEMI-1', status: 'succeeded' })]);
});
