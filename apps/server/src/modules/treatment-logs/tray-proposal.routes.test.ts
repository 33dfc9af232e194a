import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { STOCK_MESSAGES, TRAY_PROPOSAL_MESSAGES, type TrayProposal } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createOrganization, createProduct, createStock, createUser } from '../../../test/factories/index';
import { stocks, stockUsages, treatmentLogs, treatmentProducts } from '../../db/schema/index';
import { insertTreatment } from '../treatments/treatments.repo';

/** Issue 55: the tray a visit's words propose, without an AI endpoint (the local matcher). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * A location of its own for each test (its catalog is what it stocks and designs, so no test sees
 * another's products): Septocaine with an expired lot and two usable ones, Vicryl with none.
 */
async function clinic() {
  const org = await createOrganization(t.db);
  const companyId = org.locations[0]!.id;
  const member = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId });
  const septocaine = await createProduct(t.db, { companyId, name: 'Septocaine Articaine HCl 4% with Epinephrine 1:100000', brand: 'Septodont', container: 'box', basicUnit: 'cartridge' });
  const vicryl = await createProduct(t.db, { companyId, name: 'Vicryl Polyglactin 910 Suture 4-0 SH 27 in (Box of 36)', brand: 'Ethicon', container: 'box', basicUnit: 'item' });
  const gloves = await createProduct(t.db, { companyId, name: 'Nitrile Exam Gloves Small (Box of 300)', brand: 'Evolve', container: 'box', basicUnit: 'item' });
  const expired = await createStock(t.db, { companyId, productId: septocaine.id, unitsPerContainer: 50, expiryDate: '2020-01-01', lotNumber: 'SEP-OLD' });
  const later = await createStock(t.db, { companyId, productId: septocaine.id, unitsPerContainer: 5, expiryDate: '2031-06-30', lotNumber: 'SEP-LATE' });
  const sooner = await createStock(t.db, { companyId, productId: septocaine.id, unitsPerContainer: 1, expiryDate: '2030-01-31', lotNumber: 'SEP-SOON' });
  await createStock(t.db, { companyId, productId: gloves.id, unitsPerContainer: 300, lotNumber: 'GLV-1' });
  const treatment = await insertTreatment(t.db, { companyId, treatmentCode: `D${randomUUID().slice(0, 6)}`, name: 'Extraction', abbreviation: '', description: '', categoryId: null, createdBy: null });
  await t.db.insert(treatmentProducts).values([{ treatmentId: treatment.id, productId: gloves.id, quantity: 2 }]);
  return { companyId, token: t.tokenFor(member), septocaine, vicryl, gloves, lots: { expired, later, sooner }, treatment };
}

const propose = (token: string, payload: unknown) => t.request({ method: 'POST', url: '/api/treatment_log/tray-proposal', token, payload: payload as object });
const usageCount = async () => (await t.db.select({ n: count() }).from(stockUsages))[0]!.n;

describe('POST /api/treatment_log/tray-proposal', () => {
  it('proposes the note’s products in their stock units, with the words they came from and the usable lots first expiry first', async () => {
    const c = await clinic();
    const note = 'Pt seated. LA: two carpules of Septocaine buccal infiltration. Extraction uneventful, closed with 4-0 Vicryl x1.';
    const res = await propose(c.token, { treatments: [], note });
    expect(res.statusCode).toBe(200);
    const proposal = res.json<TrayProposal>();
    expect(proposal).toMatchObject({ source: 'note', engine: 'local', note, dropped: 0 });
    const septocaine = proposal.lines.find((l) => l.product.id === c.septocaine.id)!;
    expect(septocaine).toMatchObject({ product: { name: c.septocaine.name, unit: 'cartridge', implantable: false }, quantity: 2, treatment_id: null, stock_problem: null });
    // Every span is the note's own text at its offsets, and names the amount with the product.
    for (const w of septocaine.words) expect(note.slice(w.start, w.end)).toBe(w.text);
    expect(septocaine.words.map((w) => w.text).join(' ')).toContain('two carpules of Septocaine');
    // The expired lot is skipped; the one expiring first gives its last unit, the next the other.
    expect(septocaine.lots).toEqual([
      { stock_id: c.lots.sooner.id, lot_number: 'SEP-SOON', expiry_date: '2030-01-31', quantity: 1 },
      { stock_id: c.lots.later.id, lot_number: 'SEP-LATE', expiry_date: '2031-06-30', quantity: 1 },
    ]);
    expect(septocaine.unit_price).toBe(10);
    // Vicryl is in the catalog but not on the shelf: proposed, with the ledger's own refusal.
    const vicryl = proposal.lines.find((l) => l.product.id === c.vicryl.id)!;
    expect(vicryl).toMatchObject({ quantity: 1, lots: [], unit_price: null, stock_problem: STOCK_MESSAGES.notEnoughStock(c.vicryl.name) });
    expect(vicryl.words.map((w) => w.text).join(' ')).toContain('4-0 Vicryl');
  });

  it('takes nothing from stock: a proposal only', async () => {
    const c = await clinic();
    const before = await usageCount();
    await propose(c.token, { treatments: [c.treatment.id], note: 'LA: 3 carpules of Septocaine.' });
    expect(await usageCount()).toBe(before);
    const lots = await t.db.select({ unitsLeft: stocks.unitsLeft }).from(stocks).where(eq(stocks.productId, c.septocaine.id));
    expect(lots.map((l) => Number(l.unitsLeft)).sort((a, b) => a - b)).toEqual([1, 5, 50]);
  });

  it('takes the design’s quantity and treatment for a design product the note names without an amount', async () => {
    const c = await clinic();
    const res = await propose(c.token, { treatments: [c.treatment.id], note: 'Gloves changed before the extraction.' });
    const gloves = res.json<TrayProposal>().lines.find((l) => l.product.id === c.gloves.id);
    expect(gloves).toMatchObject({ quantity: 2, treatment_id: c.treatment.id, lots: [{ lot_number: 'GLV-1', quantity: 2 }] });
  });

  it('proposes nothing for a note that names no product of the location', async () => {
    const c = await clinic();
    const res = await propose(c.token, { treatments: [], note: 'Post-op instructions given, follow-up in one week.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<TrayProposal>().lines).toEqual([]);
  });

  it('refuses bad input field by field with the reason, and another location’s treatments', async () => {
    const c = await clinic();
    const blank = await propose(c.token, { treatments: [], note: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ field: 'note', message: TRAY_PROPOSAL_MESSAGES.noteRequired }]);
    const long = await propose(c.token, { note: 'x'.repeat(20_001) });
    expect(long.json().errors).toEqual([{ field: 'note', message: 'The note must be at most 20000 characters' }]);
    const notAnId = await propose(c.token, { treatments: ['nope'], note: 'Septocaine' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().errors).toEqual([{ field: 'treatments.0', message: 'Must be a valid id' }]);
    const other = await clinic();
    const foreign = await propose(c.token, { treatments: [other.treatment.id], note: 'Septocaine' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ field: 'treatments.0', message: 'Treatment not found' }]);
  });
});

describe('GET /api/treatment_log/:id/tray-proposal', () => {
  async function visit(c: Awaited<ReturnType<typeof clinic>>, caseNotes: string) {
    const res = await t.request({
      method: 'POST',
      url: '/api/treatment_log',
      token: c.token,
      payload: { patient_chart_number: `CH-${randomUUID().slice(0, 6)}`, treatments: [c.treatment.id], products: [], caseNotes, idempotency_key: randomUUID() },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string }>().id;
  }

  it('proposes from the visit’s case note, or from its recording’s transcript', async () => {
    const c = await clinic();
    const noted = await visit(c, 'Closed with 4-0 Vicryl.');
    const fromNote = await t.request({ method: 'GET', url: `/api/treatment_log/${noted}/tray-proposal`, token: c.token });
    expect(fromNote.statusCode).toBe(200);
    expect(fromNote.json<TrayProposal>()).toMatchObject({ source: 'case_notes', note: 'Closed with 4-0 Vicryl.', lines: [{ product: { id: c.vicryl.id }, quantity: 1 }] });

    const recorded = await visit(c, '');
    await t.db.update(treatmentLogs).set({ recordingTranscript: 'We gave two carpules of Septocaine.' }).where(eq(treatmentLogs.id, recorded));
    const fromTranscript = await t.request({ method: 'GET', url: `/api/treatment_log/${recorded}/tray-proposal`, token: c.token });
    expect(fromTranscript.json<TrayProposal>()).toMatchObject({ source: 'transcript', lines: [{ product: { id: c.septocaine.id }, quantity: 2 }] });
  });

  it('answers 400 for a visit with nothing to read, and 404 for another location’s visit', async () => {
    const c = await clinic();
    const silent = await visit(c, '');
    const none = await t.request({ method: 'GET', url: `/api/treatment_log/${silent}/tray-proposal`, token: c.token });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ field: 'source', message: TRAY_PROPOSAL_MESSAGES.noSource }]);
    const badSource = await t.request({ method: 'GET', url: `/api/treatment_log/${silent}/tray-proposal?source=email`, token: c.token });
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json().errors[0].field).toBe('querystring.source');
    const other = await clinic();
    const foreign = await t.request({ method: 'GET', url: `/api/treatment_log/${silent}/tray-proposal`, token: other.token });
    expect(foreign.statusCode).toBe(404);
  });
});
