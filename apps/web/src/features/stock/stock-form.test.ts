import { describe, expect, it } from 'vitest';
import { hibcCheckCharacter, STOCK_MESSAGES, type Stock } from '@clinic/domain';
import { stockLot } from '../../test/fixtures';
import { emptyStockForm, fillFromScan, serialLotsFor, toCreateRequest, toUpdateRequest, unitsRemainingOf, validateStockForm, type StockFormContext } from './stock-form';

const today = '2026-11-22';
const ctx: StockFormContext = { productId: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', productType: 'disposable', today };
const supplier = { id: '0b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Henry Schein Dental' };
const filled = { ...emptyStockForm(ctx), supplier, container_quantity: 2, units_per_container: 10, price_per_container: 30 };

const stock: Stock = stockLot({
  id: '1b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e',
  product_id: ctx.productId,
  supplier,
  units_used: 5,
  units_consumed: 3,
  units_left: 12,
  units_remaining: 12,
  expiry_date: '2027-01-31',
  lotNumber: 'A1',
});

describe('the stock form', () => {
  it('starts a year ahead, and a consumable at one unit per container', () => {
    expect(emptyStockForm(ctx).expiry_date).toBe('2027-11-22');
    expect(emptyStockForm({ ...ctx, productType: 'consumable' }).units_per_container).toBe(1);
  });

  it("says 'Required' for each missing field", () => {
    const errors = validateStockForm(emptyStockForm(ctx), ctx);
    expect(errors).toMatchObject({ supplier: 'Required', container_quantity: 'Required', units_per_container: 'Required', price_per_container: 'Required' });
  });

  it('refuses a remaining below 0 and shows the live remaining count', () => {
    expect(validateStockForm({ ...filled, units_consumed: 21 }, ctx).units_remaining).toBe(STOCK_MESSAGES.remainingBelowZero);
    expect(unitsRemainingOf({ ...filled, units_consumed: 5 })).toBe(15);
    expect(validateStockForm(filled, ctx)).toEqual({});
  });

  it('turns serial lots into one row per container, one unit each, without a shared expiry', () => {
    const lots = serialLotsFor(filled, today).map((lot, i) => ({ ...lot, lotNumber: `SN-${String(i)}` }));
    expect(lots).toHaveLength(2);
    const request = toCreateRequest({ ...filled, has_unique_lot: true, unique_lots: lots }, ctx);
    expect(request).toMatchObject({ container_quantity: 2, units_per_container: 1, expiry_date: null, has_unique_lot: true });
    expect(request.unique_lots).toEqual([
      { lotNumber: 'SN-0', expiryDate: '2027-11-22', quantity: 1 },
      { lotNumber: 'SN-1', expiryDate: '2027-11-22', quantity: 1 },
    ]);
    const missing = validateStockForm({ ...filled, has_unique_lot: true, unique_lots: [{ ...lots[0]!, lotNumber: '' }] }, ctx);
    expect(missing['unique_lots.0.lotNumber']).toBe(STOCK_MESSAGES.serialRequired);
  });

  it('sends only what changed when editing, and checks a recount against what is left', () => {
    const editing = { ...ctx, stock };
    const form = { ...filled, expiry_date: '2027-01-31', lotNumber: 'A1', units_remaining: 10 };
    expect(toUpdateRequest(form, stock)).toEqual({ units_remaining: 10 });
    expect(validateStockForm(form, editing)).toEqual({});
    expect(validateStockForm({ ...form, units_remaining: 13 }, editing).units_remaining).toBe(STOCK_MESSAGES.remainingTooHigh);
  });
});

describe('filling the stock form from a scan', () => {
  const GS = '\u001d';
  const datamatrix = `]d2010088507401234617280531${'10'}LOT-77${GS}21SN-5`;
  const form = { ...filled, lotNumber: '' };

  it('fills lot and expiry from a GS1 DataMatrix of this product', () => {
    const result = fillFromScan(form, {}, datamatrix, { barcode: '0885074012346', manufacturer_code: '' }, today);
    expect(result).toMatchObject({ ok: true, changes: { lotNumber: 'LOT-77', expiry_date: '2028-05-31' } });
  });

  it('never overwrites what the user typed', () => {
    const result = fillFromScan({ ...form, lotNumber: 'MINE' }, { lotNumber: true }, datamatrix, { barcode: '', manufacturer_code: '' }, today);
    expect(result.changes).toEqual({ expiry_date: '2028-05-31' });
    expect(fillFromScan(form, { lotNumber: true, expiry_date: true }, datamatrix, { barcode: '', manufacturer_code: '' }, today).changes).toEqual({});
  });

  it("fills the next empty serial row with the code's serial number", () => {
    const serialForm = { ...form, has_unique_lot: true, unique_lots: [{ lotNumber: 'SN-1', expiryDate: '2027-11-22', quantity: 1 }, { lotNumber: '', expiryDate: '2027-11-22', quantity: 1 }] };
    const result = fillFromScan(serialForm, {}, datamatrix, { barcode: '', manufacturer_code: '' }, today);
    expect(result.changes.unique_lots?.[1]).toEqual({ lotNumber: 'SN-5', expiryDate: '2028-05-31', quantity: 1 });
  });

  it("refuses another product's code and an expired lot", () => {
    expect(fillFromScan(form, {}, datamatrix, { barcode: '4006381333931', manufacturer_code: '' }, today)).toMatchObject({ ok: false, message: 'This barcode belongs to another product' });
    expect(fillFromScan(form, {}, '(01)00885074012346(17)250101(10)OLD', { barcode: '', manufacturer_code: '' }, today)).toMatchObject({ ok: false, changes: {} });
  });

  it('fills lot and expiry from an HIBC label, and refuses one whose check character is wrong', () => {
    const body = '+H629ABC1231/$$3291231LOT77';
    const label = `${body}${hibcCheckCharacter(body) ?? ''}`;
    expect(fillFromScan(form, {}, label, { barcode: 'H629ABC123', manufacturer_code: '' }, today)).toMatchObject({ ok: true, changes: { lotNumber: 'LOT77', expiry_date: '2029-12-31' } });
    // A numeric barcode does not rule it out: the HIBC id may be the manufacturer code.
    expect(fillFromScan(form, {}, label, { barcode: '0885074012346', manufacturer_code: '' }, today).ok).toBe(true);
    expect(fillFromScan(form, {}, label, { barcode: 'H629XYZ999', manufacturer_code: '' }, today)).toMatchObject({ ok: false, message: 'This barcode belongs to another product' });
    expect(fillFromScan(form, {}, `${body}%`, { barcode: '', manufacturer_code: '' }, today)).toMatchObject({ ok: false, changes: {}, message: expect.stringMatching(/HIBC check character/) as unknown });
  });

  it('compares an HIBC label with the manufacturer code, a GS1 code with the barcode', () => {
    const body = '+H629ABC1231/$$3291231LOT77';
    const label = `${body}${hibcCheckCharacter(body) ?? ''}`;
    // The label's labeler code + product number is the product's manufacturer code, not its barcode.
    const burs = { barcode: 'BURS-7', manufacturer_code: 'H629ABC123' };
    expect(fillFromScan(form, {}, label, burs, today)).toMatchObject({ ok: true, changes: { lotNumber: 'LOT77', expiry_date: '2029-12-31' } });
    expect(fillFromScan(form, {}, label, { barcode: '0885074012346', manufacturer_code: 'H629XYZ999' }, today)).toMatchObject({ ok: false, message: 'This barcode belongs to another product' });
    expect(fillFromScan(form, {}, datamatrix, { barcode: '0885074012346', manufacturer_code: 'H629ABC123' }, today).ok).toBe(true);
    expect(fillFromScan(form, {}, datamatrix, { barcode: '4006381333931', manufacturer_code: '00885074012346' }, today)).toMatchObject({ ok: false, message: 'This barcode belongs to another product' });
  });
});
