import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { hibcCheckCharacter, IMPLANT_MESSAGES, STOCK_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createStock } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { products, stocks } from '../../db/schema/index';
import { insertTreatment } from '../treatments/treatments.repo';

// Issue 20: implantable products at the chair, the patient's implants and the implant card.
let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-11-22T15:00:00Z') });
  world = await createWorld(t.db);
});
afterAll(async () => t.close());

const assistant = () => t.tokenFor(world.own.users.assistant);
const member = () => t.tokenFor(world.own.users.company_member);
const foreignMember = () => t.tokenFor(world.foreign.users.company_member);
const ownLocation = () => world.own.org.locations[0]!;
let serial = 0;

const treatment = () => insertTreatment(t.db, { companyId: ownLocation().id, treatmentCode: `IM${String(++serial)}`, name: 'Implant placement', abbreviation: '', description: '', categoryId: null, createdBy: null });

/** A GTIN-14 with its check digit, from 13 digits. */
function gtin(base: string): string {
  const sum = [...base].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return `${base}${String((10 - (sum % 10)) % 10)}`;
}
const uniqueGtin = () => gtin(`0${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(6, '0')}`);

/** An implantable product of the catalog, with its barcode (a GTIN) and manufacturer. */
async function implantable(barcode = uniqueGtin()) {
  const product = await createProduct(t.db, { companyId: null, name: `Implant ${randomUUID().slice(0, 6)}`, brand: 'BoneLevel 4.1 x 10', barcode });
  await t.db.update(products).set({ implantable: true, manufacturerName: 'Straumann AG', manufacturerAddress: 'Peter Merian-Weg 12, 4052 Basel, Switzerland' }).where(eq(products.id, product.id));
  return product;
}

const saveVisit = (payload: Record<string, unknown>, token = assistant()) =>
  t.request({ method: 'POST', url: '/api/treatment_log', token, payload: { idempotency_key: randomUUID(), patient_chart_number: `IM-${randomUUID().slice(0, 6)}`, ...payload } });
const unitsLeft = async (productId: string) => (await t.request({ method: 'GET', url: `/api/stock?productId=${productId}&perPage=50`, token: member() })).json() as { results: { id: string; units_left: number }[]; totals: { units_left: number } };
const implantsOf = (patientId: string, token = member()) => t.request({ method: 'GET', url: `/api/patient/${patientId}/implants`, token });
const patientCount = async (chart: string) => (await t.request({ method: 'GET', url: `/api/patient?search=${chart}`, token: member() })).json().total as number;

describe('consuming an implantable product at the chair', () => {
  it('refuses a line without its UDI or site, or of more than one device, and writes nothing', async () => {
    const implant = await implantable();
    const plain = await createProduct(t.db, { companyId: null, name: `Gauze ${randomUUID().slice(0, 8)}` });
    await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 5 });
    await createStock(t.db, { companyId: ownLocation().id, productId: plain.id, unitsPerContainer: 50 });
    const tx = await treatment();
    const chart = `IM-${randomUUID().slice(0, 6)}`;

    const missing = await saveVisit({ patient_chart_number: chart, treatments: [tx.id], products: [{ product_id: plain.id, quantity: 2 }, { product_id: implant.id, quantity: 2 }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'products.1.implant.udi', message: IMPLANT_MESSAGES.udiRequired },
        { field: 'products.1.implant.site', message: IMPLANT_MESSAGES.siteRequired },
        { field: 'products.1.quantity', message: IMPLANT_MESSAGES.oneDevice },
      ]),
    );
    // A blank site is as missing as none (the schema trims it away).
    const blankSite = await saveVisit({ patient_chart_number: chart, treatments: [tx.id], products: [{ product_id: implant.id, quantity: 1, implant: { udi: `(01)${implant.barcode}(21)SN-1`, site: '  ' } }] });
    expect(blankSite.statusCode).toBe(400);
    expect(blankSite.json().errors).toEqual([expect.objectContaining({ field: 'products.0.implant.site', message: IMPLANT_MESSAGES.siteRequired })]);

    expect((await unitsLeft(implant.id)).totals.units_left).toBe(5);
    expect((await unitsLeft(plain.id)).totals.units_left).toBe(50);
    expect(await patientCount(chart)).toBe(0);
  });

  it('refuses an unreadable label, a plain barcode and another product’s UDI, naming the field', async () => {
    const implant = await implantable();
    await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 5 });
    const tx = await treatment();
    const line = (udi: string) => ({ product_id: implant.id, quantity: 1, implant: { udi, site: '36' } });
    const wrongDigit = `${implant.barcode.slice(0, 13)}${String((Number(implant.barcode[13]) + 1) % 10)}`;

    const unreadable = await saveVisit({ treatments: [tx.id], products: [line(`(01)${wrongDigit}(21)SN1`)] });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().errors).toEqual([{ field: 'products.0.implant.udi', message: `(01) GTIN ${wrongDigit} has a wrong check digit: the code was misread or is not genuine` }]);

    const plainBarcode = await saveVisit({ treatments: [tx.id], products: [line(implant.barcode.slice(1))] });
    expect(plainBarcode.json().errors).toEqual([{ field: 'products.0.implant.udi', message: IMPLANT_MESSAGES.notAUdi }]);

    const other = await saveVisit({ treatments: [tx.id], products: [line(`(01)${uniqueGtin()}(10)LOT9`)] });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([{ field: 'products.0.implant.udi', message: IMPLANT_MESSAGES.otherProduct }]);
    expect((await unitsLeft(implant.id)).totals.units_left).toBe(5);
  });

  it('holds an HIBC label against the manufacturer code: another product’s is refused, its own is saved', async () => {
    const implant = await implantable();
    await t.db.update(products).set({ manufacturerCode: 'H629IMP410' }).where(eq(products.id, implant.id));
    await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 5 });
    const tx = await treatment();
    const label = (primary: string) => `${primary}${hibcCheckCharacter(primary) ?? ''}`;
    const line = (udi: string) => ({ product_id: implant.id, quantity: 1, implant: { udi, site: '36' } });

    const other = await saveVisit({ treatments: [tx.id], products: [line(label('+H629IMP9991'))] });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([{ field: 'products.0.implant.udi', message: IMPLANT_MESSAGES.otherProduct }]);
    expect((await unitsLeft(implant.id)).totals.units_left).toBe(5);

    const own = await saveVisit({ treatments: [tx.id], products: [line(label('+H629IMP4101'))] });
    expect(own.statusCode).toBe(201);
    expect((await unitsLeft(implant.id)).totals.units_left).toBe(4);
  });

  it('saves the visit with a typed GS1 string, takes the unit from the lot the UDI names, and lists the implant', async () => {
    const implant = await implantable('09506000134352');
    // Another lot expires first: first-expiry-first would take it, the UDI names LOTA1.
    const early = await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 3, expiryDate: '2027-01-31', lotNumber: 'LOT-EARLY' });
    const named = await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 3, expiryDate: '2027-12-31', lotNumber: 'LOTA1' });
    const tx = await treatment();
    const udi = '(01)09506000134352(17)271231(10)LOTA1(21)SN123';

    const res = await saveVisit({ patient_chart_number: 'IMP-CHART-7', treatments: [tx.id], products: [{ product_id: implant.id, quantity: 1, treatment_id: tx.id, implant: { udi, site: '36' } }] });
    expect(res.statusCode).toBe(201);
    const visit = res.json();
    expect(visit.treatment_log_products).toEqual([expect.objectContaining({ lot_number: 'LOTA1', quantity: 1, implant: { id: expect.any(String), udi, site: '36' } })]);
    const lots = (await unitsLeft(implant.id)).results;
    expect(lots.find((l) => l.id === named.id)?.units_left).toBe(2);
    expect(lots.find((l) => l.id === early.id)?.units_left).toBe(3);

    const listed = await implantsOf(visit.patient.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ total: 1, currentPage: 1, lastPage: 1 });
    expect(listed.json().results).toEqual([
      {
        id: visit.treatment_log_products[0].implant.id,
        treatment_log_id: visit.id,
        product: { id: implant.id, name: implant.name, brand: 'BoneLevel 4.1 x 10' },
        manufacturer_name: 'Straumann AG',
        manufacturer_address: 'Peter Merian-Weg 12, 4052 Basel, Switzerland',
        udi,
        device_identifier: '09506000134352',
        lot_number: 'LOTA1',
        serial_number: 'SN123',
        expiry_date: '2027-12-31',
        site: '36',
        implanted_at: '2026-11-22T15:00:00.000Z',
        clinician: { id: world.own.users.assistant.id, name: `${world.own.users.assistant.firstName} ${world.own.users.assistant.lastName}` },
      },
    ]);
  });

  it('refuses the implant when the lot its UDI names is recalled', async () => {
    const implant = await implantable();
    const recalled = await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 3, lotNumber: 'RC-7' });
    await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 3, lotNumber: 'OK-1' });
    await t.db.update(stocks).set({ status: 'recalled', statusReason: 'Sterility breach' }).where(eq(stocks.id, recalled.id));
    const tx = await treatment();
    const res = await saveVisit({ treatments: [tx.id], products: [{ product_id: implant.id, quantity: 1, implant: { udi: `(01)${implant.barcode}(10)RC-7(21)S-1`, site: '11' } }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(STOCK_MESSAGES.lotRecalled(implant.name, 'RC-7'));
    expect((await unitsLeft(implant.id)).totals.units_left).toBe(6);
  });

  it('takes first expiry first when the UDI’s lot is not on the shelf', async () => {
    const implant = await implantable();
    const early = await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 2, expiryDate: '2027-02-28', lotNumber: 'FE-1' });
    const tx = await treatment();
    const res = await saveVisit({ treatments: [tx.id], products: [{ product_id: implant.id, quantity: 1, implant: { udi: `(01)${implant.barcode}(10)NOT-HERE(21)S-2`, site: 'upper left' } }] });
    expect(res.statusCode).toBe(201);
    expect((await unitsLeft(implant.id)).results.find((l) => l.id === early.id)?.units_left).toBe(1);
    const [listed] = (await implantsOf(res.json().patient.id)).json().results;
    expect(listed).toMatchObject({ lot_number: 'NOT-HERE', serial_number: 'S-2', site: 'upper left' });
  });
});

describe('the implant card', () => {
  /** The PDF's pages: their size in millimetres and their text, whitespace made single. */
  async function pdfOf(body: Buffer) {
    const pdf = await getDocumentProxy(new Uint8Array(body));
    const pages = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const [, , w, h] = page.view as [number, number, number, number];
      pages.push({ mm: [Math.round((w * 25.4 * 100) / 72) / 100, Math.round((h * 25.4 * 100) / 72) / 100] });
    }
    const { text } = await extractText(pdf, { mergePages: false });
    return pages.map((p, i) => ({ ...p, text: (text as string[])[i]!.replace(/\s+/g, ' ') }));
  }

  it('is an ID-1 card, front and back, with the article 18 fields and the model from the product, not the brand; a sheet and the record beside it', async () => {
    // No barcode in the catalog: the UDI is not held against one.
    const implant = await implantable('');
    await t.db.update(products).set({ manufacturerCode: '021.5310' }).where(eq(products.id, implant.id));
    await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 3, lotNumber: 'LOTA1' });
    const tx = await treatment();
    const visit = (await saveVisit({ patient_chart_number: 'CARD-42', treatments: [tx.id], products: [{ product_id: implant.id, quantity: 1, implant: { udi: '(01)09506000134352(17)271231(10)LOTA1(21)SN123', site: '46' } }] })).json();
    const implantId = visit.treatment_log_products[0].implant.id as string;

    const res = await t.request({ method: 'GET', url: `/api/implant/${implantId}/card`, token: assistant() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="implant-card-CARD-42-2026-11-22.pdf"');
    const [front, back, ...more] = await pdfOf(res.rawPayload);
    expect(more).toEqual([]);
    // ISO/IEC 7810 ID-1, as MDCG 2019-8 asks.
    expect(front!.mm).toEqual([85.6, 53.98]);
    expect(back!.mm).toEqual([85.6, 53.98]);
    for (const expected of ['Implant card', implant.name, 'Model 021.5310', 'Lot LOTA1', 'Serial SN123', '(01)09506000134352(17)271231(10)LOTA1(21)SN123', 'Straumann AG', 'MD', 'REF', 'LOT', 'SN', 'UDI']) {
      expect(front!.text).toContain(expected);
    }
    expect(front!.text).not.toContain('BoneLevel');
    for (const expected of ['Patient chart number CARD-42', 'Date of implantation 11-22-2026', `${ownLocation().name}, ${ownLocation().city}, ${ownLocation().state}`, 'Site 46', 'Use by 12-31-2027', 'UDI-DI 09506000134352']) {
      expect(back!.text).toContain(expected);
    }

    const sheet = await t.request({ method: 'GET', url: `/api/implant/${implantId}/card?layout=sheet&paper=a4`, token: assistant() });
    expect(sheet.headers['content-disposition']).toBe('inline; filename="implant-card-sheet-a4-CARD-42-2026-11-22.pdf"');
    const [a4] = await pdfOf(sheet.rawPayload);
    expect(a4!.mm).toEqual([210, 297]);
    expect(a4!.text).toContain('Model 021.5310');
    expect(a4!.text).toContain('Date of implantation 11-22-2026');
    const letter = await pdfOf((await t.request({ method: 'GET', url: `/api/implant/${implantId}/card?layout=sheet`, token: assistant() })).rawPayload);
    expect(letter[0]!.mm).toEqual([215.9, 279.4]);

    const record = await t.request({ method: 'GET', url: `/api/implant/${implantId}/card?layout=summary`, token: assistant() });
    const [page] = await pdfOf(record.rawPayload);
    expect(page!.mm).toEqual([215.9, 279.4]);
    for (const expected of ['Implant card', 'Model 021.5310', 'SN123', 'LOTA1', '09506000134352', 'Peter Merian-Weg 12, 4052 Basel, Switzerland', 'Date of implantation 11-22-2026', 'CARD-42']) {
      expect(page!.text).toContain(expected);
    }

    const odd = await t.request({ method: 'GET', url: `/api/implant/${implantId}/card?layout=poster`, token: assistant() });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().errors[0].field).toBe('querystring.layout');

    const foreign = await t.request({ method: 'GET', url: `/api/implant/${implantId}/card`, token: foreignMember() });
    expect(foreign.statusCode).toBe(404);
    expect((await implantsOf(visit.patient.id, foreignMember())).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/implant/${randomUUID()}/card`, token: member() })).statusCode).toBe(404);
  });
});


describe('editing a visit with an implant', () => {
  it('keeps the record of a kept line, asks a new line for its UDI, and removes the record of a line left out', async () => {
    const implant = await implantable();
    const lot = await createStock(t.db, { companyId: ownLocation().id, productId: implant.id, unitsPerContainer: 5, lotNumber: 'ED-1' });
    const tx = await treatment();
    const udi = `(01)${implant.barcode}(10)ED-1(21)E-1`;
    const visit = (await saveVisit({ treatments: [tx.id], products: [{ product_id: implant.id, quantity: 1, implant: { udi, site: '21' } }] })).json();
    const line = visit.treatment_log_products[0];
    const edit = (products: Record<string, unknown>[]) => t.request({ method: 'PATCH', url: `/api/treatment_log/${visit.id}`, token: assistant(), payload: { treatments: [tx.id], products } });

    // Kept as it was: the record stays.
    const kept = await edit([{ id: line.id, product_id: implant.id, quantity: 1 }]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().treatment_log_products[0].implant).toEqual(line.implant);
    // Still one device: raising the kept line is refused.
    const raised = await edit([{ id: line.id, product_id: implant.id, quantity: 2 }]);
    expect(raised.statusCode).toBe(400);
    expect(raised.json().errors).toEqual([{ field: 'products.0.quantity', message: IMPLANT_MESSAGES.oneDevice }]);

    // A second implant added without its UDI is refused; with it, recorded.
    const noUdi = await edit([{ id: line.id, product_id: implant.id, quantity: 1 }, { product_id: implant.id, quantity: 1 }]);
    expect(noUdi.statusCode).toBe(400);
    expect(noUdi.json().errors).toEqual(expect.arrayContaining([{ field: 'products.1.implant.udi', message: IMPLANT_MESSAGES.udiRequired }]));
    const added = await edit([{ id: line.id, product_id: implant.id, quantity: 1 }, { product_id: implant.id, quantity: 1, implant: { udi: `(01)${implant.barcode}(10)ED-1(21)E-2`, site: '22' } }]);
    expect(added.statusCode).toBe(200);
    expect((await implantsOf(visit.patient.id)).json().results.map((i: { serial_number: string }) => i.serial_number).sort()).toEqual(['E-1', 'E-2']);

    // The first implant left out: its unit goes back and its record goes.
    const second = added.json().treatment_log_products.find((l: { id: string }) => l.id !== line.id);
    const removed = await edit([{ id: second.id, product_id: implant.id, quantity: 1 }]);
    expect(removed.statusCode).toBe(200);
    const left = (await implantsOf(visit.patient.id)).json();
    expect(left.results.map((i: { serial_number: string; site: string }) => [i.serial_number, i.site])).toEqual([['E-2', '22']]);
    expect((await unitsLeft(implant.id)).results.find((l) => l.id === lot.id)?.units_left).toBe(4);
  });
});

describe('the product contract', () => {
  it('carries implantable and the manufacturer on create, update and answers', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/product',
      token: member(),
      payload: { name: `Abutment ${randomUUID().slice(0, 6)}`, type: 'disposable', container: 'box', basic_unit: 'item', implantable: true, manufacturer_name: 'Nobel Biocare', manufacturer_address: 'Balz Zimmermann-Strasse 7, 8302 Kloten' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ implantable: true, manufacturer_name: 'Nobel Biocare', manufacturer_address: 'Balz Zimmermann-Strasse 7, 8302 Kloten' });
    const updated = await t.request({ method: 'PATCH', url: `/api/product/${String(created.json().id)}`, token: member(), payload: { implantable: false, manufacturer_address: '' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ implantable: false, manufacturer_name: 'Nobel Biocare', manufacturer_address: '' });
    const read = await t.request({ method: 'GET', url: `/api/product/${String(created.json().id)}`, token: member() });
    expect(read.json()).toMatchObject({ implantable: false, manufacturer_name: 'Nobel Biocare' });
  });
});
