import { describe, expect, it } from 'vitest';
import { barcodeCandidates, parseGs1 } from './gs1';

const GS = '\u001d';

describe('GS1 element strings', () => {
  it('reads a DataMatrix with FNC1 separators: GTIN, expiry, lot and serial', () => {
    expect(parseGs1(`]d2010884521008681717280531${'10'}LOT4471${GS}21SN0099`)).toEqual({ gtin: '08845210086817', expiry: '2028-05-31', lot: 'LOT4471', serial: 'SN0099' });
  });

  it('reads the human-readable bracket form', () => {
    expect(parseGs1('(01)00885074012345(17)270430(10)A12B')).toEqual({ gtin: '00885074012345', expiry: '2027-04-30', lot: 'A12B' });
  });

  it('takes a day of 00 as the last day of the month', () => {
    expect(parseGs1('(17)280200')?.expiry).toBe('2028-02-29');
    expect(parseGs1('(17)271300')?.expiry).toBeUndefined();
  });

  it('reads GS1-128 without a prefix when it starts with a GTIN, and skips identifiers it does not use', () => {
    expect(parseGs1(`010084521008681731030001251${'0'}XY-9`)).toEqual({ gtin: '00845210086817', lot: 'XY-9' });
    expect(parseGs1(`]C10100845210086817${'11'}260101${'17'}290101${'10'}B7`)).toEqual({ gtin: '00845210086817', expiry: '2029-01-01', lot: 'B7' });
  });

  it('leaves plain barcodes alone', () => {
    expect(parseGs1('0885074012345')).toBeNull();
    expect(parseGs1('ABC-123')).toBeNull();
  });

  it('offers the EAN-13 and UPC-A forms of a GTIN-14 to match a product barcode', () => {
    expect(barcodeCandidates('(01)00885074012345(10)X')).toEqual(['00885074012345', '0885074012345', '885074012345']);
    expect(barcodeCandidates('7684324320704')).toEqual(['7684324320704']);
  });
});
