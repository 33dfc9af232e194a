import { describe, expect, it } from 'vitest';
import { hibcCheckCharacter, type PurchaseOrderLine } from '@clinic/domain';
import { applyScan, draftsFor, receiveRequestOf } from './receive-form';

const TODAY = '2026-11-22';
const A = '0b6a4c3e-1f2d-4e5f-8a9b-0c1d2e3f4a5b';
const B = '1c7b5d4f-2a3e-4f60-9bac-1d2e3f4a5b6c';
const C = '2d8c6e50-3b4f-4071-8cbd-2e3f4a5b6c7d';
const line = (overrides: Partial<PurchaseOrderLine> & { id: string }): PurchaseOrderLine => ({
  product: { id: `p-${overrides.id}`, name: `Product ${overrides.id}`, barcode: '', manufacturer_code: '', product_image_url: null, type: 'disposable', container: 'box', basic_unit: 'item' },
  quantity: 4,
  price: 10,
  total: 40,
  received_quantity: 0,
  units_per_container: 50,
  ...overrides,
});

const gloves = line({ id: A, product: { id: 'pa', name: 'Nitrile Gloves', barcode: '00850007123451', manufacturer_code: '', product_image_url: null, type: 'disposable', container: 'box', basic_unit: 'item' }, received_quantity: 1 });
const varnish = line({ id: B, product: { id: 'pb', name: 'Fluoride Varnish', barcode: '', manufacturer_code: '', product_image_url: null, type: 'consumable', container: 'tube', basic_unit: 'ml' }, quantity: 30, units_per_container: 1 });
const done = line({ id: C, received_quantity: 4 });

describe('receive drafts', () => {
  it('proposes what is still expected of each line, leaving out lines already received', () => {
    const drafts = draftsFor([gloves, varnish, done]);
    expect(drafts.map((d) => [d.productName, d.quantity, d.unitsPerContainer])).toEqual([
      ['Nitrile Gloves', '3', '50'],
      ['Fluoride Varnish', '30', '1'],
    ]);
  });

  it('sends lines with a quantity, consumables in units, and refuses more than expected or a past expiry', () => {
    const [g, v] = draftsFor([gloves, varnish]);
    const ok = receiveRequestOf([{ ...g!, quantity: '2', lotNumber: ' CRN-1 ', expiryDate: '2028-01-31' }, { ...v!, quantity: '', unitsPerContainer: '9' }], 'key-00000001', TODAY);
    expect(ok.request).toEqual({ idempotency_key: 'key-00000001', lines: [{ line_id: A, quantity: 2, units_per_container: 50, lotNumber: 'CRN-1', expiry_date: '2028-01-31', isConsignment: false }] });

    const bad = receiveRequestOf([{ ...g!, quantity: '4', expiryDate: '2026-11-21' }, { ...v!, quantity: '1.5' }], 'key-00000001', TODAY);
    expect(bad.request).toBeNull();
    expect(bad.issues[A]).toEqual([
      { field: 'quantity', message: 'Cannot receive more than ordered (3 left)' },
      { field: 'expiry_date', message: 'The expiry date cannot be in the past' },
    ]);
    expect(bad.issues[B]).toEqual([{ field: 'quantity', message: 'Enter a whole number' }]);
    expect(receiveRequestOf([{ ...g!, quantity: '0' }], 'key-00000001', TODAY).issues.form).toEqual([{ field: 'lines', message: 'Enter a quantity to receive on at least one line' }]);
  });
});

describe('scanning a box while receiving', () => {
  const scan = '(01)00850007123451(17)280131(10)CRN-25-0214';

  it("fills the matching line's lot and expiry, but never what the user typed", () => {
    const drafts = draftsFor([gloves, varnish]);
    const first = applyScan(drafts, scan, TODAY);
    expect(first.ok).toBe(true);
    expect(first.message).toBe('Nitrile Gloves: filled lot CRN-25-0214 and expiry 2028-01-31');
    expect(first.drafts[0]).toMatchObject({ lotNumber: 'CRN-25-0214', expiryDate: '2028-01-31' });

    const typed = drafts.map((d, i) => (i === 0 ? { ...d, lotNumber: 'MINE', typed: { lotNumber: true } } : d));
    expect(applyScan(typed, scan, TODAY).drafts[0]).toMatchObject({ lotNumber: 'MINE', expiryDate: '2028-01-31' });
  });

  it('says so when the box is not on the order or its lot has expired', () => {
    const drafts = draftsFor([gloves]);
    expect(applyScan(drafts, '(01)09999999999994(10)X', TODAY)).toMatchObject({ ok: false, message: 'This barcode is not a product of this order' });
    expect(applyScan(drafts, '(01)00850007123451(17)260101(10)OLD', TODAY)).toMatchObject({ ok: false, message: 'The scanned lot expired on 2026-01-01' });
  });

  it('finds the line of an HIBC label by the product barcode', () => {
    const hibcGloves = line({ id: A, product: { ...gloves.product, barcode: 'H629ABC123' } });
    const body = '+H629ABC1231/$$3291231LOT77';
    const result = applyScan(draftsFor([varnish, hibcGloves]), `${body}${hibcCheckCharacter(body) ?? ''}`, TODAY);
    expect(result.message).toBe('Nitrile Gloves: filled lot LOT77 and expiry 2029-12-31');
  });

  it('finds the line of an HIBC label by the manufacturer code, a GS1 label still by the barcode', () => {
    const burs = line({ id: C, product: { id: 'pc', name: 'Diamond Burs', barcode: '0885074012346', manufacturer_code: 'H629ABC123', product_image_url: null, type: 'disposable', container: 'box', basic_unit: 'item' } });
    const drafts = draftsFor([gloves, burs]);
    const body = '+H629ABC1231/$$3291231LOT77';
    const hibc = applyScan(drafts, `${body}${hibcCheckCharacter(body) ?? ''}`, TODAY);
    expect(hibc).toMatchObject({ ok: true, message: 'Diamond Burs: filled lot LOT77 and expiry 2029-12-31' });
    expect(hibc.drafts[1]).toMatchObject({ lotNumber: 'LOT77', expiryDate: '2029-12-31' });
    expect(applyScan(drafts, '(01)00885074012346(17)280131(10)B-1', TODAY).message).toBe('Diamond Burs: filled lot B-1 and expiry 2028-01-31');
    // The manufacturer code does not name a GS1 label's product.
    const byCode = line({ id: C, product: { ...burs.product, barcode: '', manufacturer_code: '00885074012346' } });
    expect(applyScan(draftsFor([byCode]), '(01)00885074012346(10)B-1', TODAY)).toMatchObject({ ok: false, message: 'This barcode is not a product of this order' });
  });
});
