import { describe, expect, it } from 'vitest';
import { GS1_AIS, gs1CheckDigitValid, hibcCheckCharacter, readUdi, scanIsOtherProduct, scanMatchesCode, scanMatchesProduct, scanSearchTerm, udiCodes, type Udi } from './index';

const GS = '\u001d';
/** A constructed HIBC label: the body and its modulo-43 check character. */
const hibc = (body: string) => `${body}${hibcCheckCharacter(body) ?? '?'}`;

const read = (scan: string): Udi => {
  const result = readUdi(scan);
  if (!result.ok) throw new Error(result.message);
  return result.udi;
};

describe('readUdi: GS1', () => {
  // [what, scan, fields it must answer]
  const cases: [string, string, Partial<Udi>][] = [
    ['GenSpecs GTIN example, bracket form', '(01)09506000134352', { standard: 'gs1', gtin: '09506000134352', productId: '09506000134352' }],
    ['bracket form with expiry and lot', '(01)09506000134352(17)281231(10)ABC123', { expiry: '2028-12-31', lot: 'ABC123' }],
    ['bracket form with serial', '(01)09506000134352(21)SN12345', { serial: 'SN12345' }],
    ['bracket form, lot before expiry', '(01)09506000134352(10)L1(17)270630', { lot: 'L1', expiry: '2027-06-30' }],
    ['bracket form with spaces after values', '(01)09506000134352 (17)270630 (10)L2 ', { expiry: '2027-06-30', lot: 'L2' }],
    ['issue 21: 7003 is 10 digits, the lot after it survives', `010950600013435270032512311230${'10'}LOTX`, { gtin: '09506000134352', lot: 'LOTX', expiry: '2025-12-31' }],
    ['7003 with a GS after it', `]d2010950600013435270032512311230${GS}10LOTX`, { lot: 'LOTX', expiry: '2025-12-31' }],
    ['(17) wins over 7003', `]d20109506000134352${'17'}26010170032512311230${'10'}A`, { expiry: '2026-01-01', lot: 'A' }],
    ['DataMatrix ]d2, GS between lot and serial', `]d2010884521008681717280531${'10'}LOT4471${GS}21SN0099`, { gtin: '08845210086817', expiry: '2028-05-31', lot: 'LOT4471', serial: 'SN0099' }],
    ['GS1-128 ]C1', `]C10100845210086815${'11'}260101${'17'}290101${'10'}B7`, { expiry: '2029-01-01', lot: 'B7' }],
    ['GS1 QR ]Q3', `]Q30109506000134352${'17'}300101${'10'}Q-1`, { expiry: '2030-01-01', lot: 'Q-1' }],
    ['GS1 DataBar ]e0', `]e00109506000134352${'17'}300101`, { expiry: '2030-01-01' }],
    ['GS1 DotCode ]J1', `]J10109506000134352${'10'}DOT`, { lot: 'DOT' }],
    ['leading FNC1 as GS', `${GS}0109506000134352${'10'}X1${GS}17270101`, { lot: 'X1', expiry: '2027-01-01' }],
    ['no prefix, GTIN first', `010084521008681531030001251${'0'}XY-9`, { gtin: '00845210086815', lot: 'XY-9' }],
    ['day 00 is the last day of the month', '(01)09506000134352(17)280200', { expiry: '2028-02-29' }],
    ['day 00 in a 30-day month', '(01)09506000134352(17)270900', { expiry: '2027-09-30' }],
    ['day 00 in February of a common year', '(17)270200', { expiry: '2027-02-28' }],
    ['expiry only', '(17)311231', { productId: '', expiry: '2031-12-31' }],
    ['count (30)', `]C10109506000134352${'30'}24${GS}10LOT`, { quantity: 24, lot: 'LOT' }],
    ['count (37)', '(02)09506000134352(37)12', { gtin: '09506000134352', quantity: 12 }],
    ['SSCC (00) from the GenSpecs', '(00)106141412345678908', { productId: '' }],
    ['net weight 3103 skipped, lot kept', `]C10109506000134352${'3103'}000125${'10'}W1`, { lot: 'W1' }],
    ['length 3112 and area 3140', `]C10109506000134352${'3112'}000300${'3140'}001000${'10'}M`, { lot: 'M' }],
    ['price 3922 variable, then GS', `]C10109506000134352${'3922'}1999${GS}10P`, { lot: 'P' }],
    ['percent off 3940 is fixed', `]C10109506000134352${'3940'}0025${'10'}D`, { lot: 'D' }],
    ['production date (11) and best before (15)', '(01)09506000134352(11)250101(15)270101(10)B', { lot: 'B' }],
    ['variant (20) is two digits', `]C10109506000134352${'20'}07${'10'}V`, { lot: 'V' }],
    ['CPV (22) variable', `]C10109506000134352${'22'}2A${GS}10V`, { lot: 'V' }],
    ['additional id (240)', `]C10109506000134352${'240'}REF-77${GS}17270101`, { expiry: '2027-01-01' }],
    ['secondary serial (250)', `]C10109506000134352${'21'}S1${GS}250SUB${GS}10L`, { serial: 'S1', lot: 'L' }],
    ['country of origin (422) is fixed', `]C10109506000134352${'422'}826${'10'}GB`, { lot: 'GB' }],
    ['ship-to GLN (410) with its check digit', `]C1${'410'}9506000000008${'10'}G`, { lot: 'G' }],
    ['NHRN PZN (710)', `]d20104150123456782${'710'}12345678${GS}10PZN${GS}17290331`, { gtin: '04150123456782', lot: 'PZN', expiry: '2029-03-31' }],
    ['NHRN NDC (715)', `]d20109506000134352${'715'}0002-1433-80${GS}10N`, { lot: 'N' }],
    ['certification 7230 variable', `]d20109506000134352${'7230'}EMCERT1${GS}10C`, { lot: 'C' }],
    ['UIC+EXT 7040 is four characters', `]d20109506000134352${'7040'}1A2B${'10'}U`, { lot: 'U' }],
    ['price per unit 8005 is six digits', `]C10109506000134352${'8005'}000150${'10'}E`, { lot: 'E' }],
    ['GMN 8013', `]d28013ABC123${GS}10G`, { lot: 'G', productId: '' }],
    ['internal 91 at the end', `]d20109506000134352${'10'}L9${GS}91INTERNAL`, { lot: 'L9' }],
    ['company internal 99 in the middle', `]d20109506000134352${'99'}XYZ${GS}10L`, { lot: 'L' }],
    ['product URL 8200', `]C10109506000134352${'8200'}https://example.com${GS}10U`, { lot: 'U' }],
    ['medical device: UDI-DI, expiry, lot, serial', `]d20100885074012346${'17'}271130${'10'}A12B${GS}21000123`, { gtin: '00885074012346', expiry: '2027-11-30', lot: 'A12B', serial: '000123' }],
  ];
  it.each(cases)('%s', (_what, scan, expected) => {
    expect(read(scan)).toMatchObject(expected);
  });

  const refused: [string, string, RegExp][] = [
    ['GTIN check digit wrong', '(01)09506000134353(10)X', /\(01\) GTIN 09506000134353 has a wrong check digit/],
    ['GTIN check digit wrong, raw', `]d20109506000134353${'10'}X`, /wrong check digit/],
    ['SSCC check digit wrong', '(00)106141412345678909', /\(00\) SSCC .* wrong check digit/],
    ['GTIN cut short', ']d2010950600013435', /\(01\) GTIN must be 14 characters long, not 13/],
    ['expiry not a date', '(01)09506000134352(17)271332', /\(17\) USE BY 271332 is not a date/],
    ['unknown identifier', ']d20109506000134352(23)X', /Unknown GS1 application identifier/],
    ['unknown identifier, bracket form', '(01)09506000134352(05)1', /Unknown GS1 application identifier \(05\)/],
    ['letters in a numeric field', `]C10109506000134352${'30'}1A`, /\(30\) VAR. COUNT must be digits only/],
    ['lot longer than 20', `]d20109506000134352${'10'}${'L'.repeat(21)}`, /\(10\) BATCH\/LOT must be 1 to 20 characters/],
  ];
  it.each(refused)('refuses: %s', (_what, scan, message) => {
    const result = readUdi(scan);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('knows the application identifiers of the General Specifications', () => {
    for (const ai of ['00', '01', '10', '17', '21', '235', '253', '255', '3103', '3369', '3925', '3955', '403', '417', '427', '7003', '7023', '7040', '716', '7239', '7242', '7259', '8030', '8112', '8200', '90', '99']) {
      expect(GS1_AIS.has(ai), ai).toBe(true);
    }
    expect(GS1_AIS.get('7003')).toMatchObject({ fixed: 10 });
    expect(GS1_AIS.get('10')).toEqual({ max: 20, numeric: false, title: 'BATCH/LOT' });
    expect(gs1CheckDigitValid('09506000134352')).toBe(true);
    expect(gs1CheckDigitValid('106141412345678908')).toBe(true);
  });
});

describe('readUdi: HIBC', () => {
  const cases: [string, string, Partial<Udi>][] = [
    ['HIBC 2.6 primary example', '+A123BJC5D6E71G', { standard: 'hibc', productId: 'A123BJC5D6E7', hibc: { lic: 'A123', product: 'BJC5D6E7', unit: '1' } }],
    ['primary whose check character is a slash', '+H1240099969991/', { productId: 'H124009996999', hibc: { lic: 'H124', product: '009996999', unit: '1' } }],
    ['primary, catalog number', '+E1782617400501B', { productId: 'E178261740050', hibc: { lic: 'E178', product: '261740050', unit: '1' } }],
    ['real concatenated label with quantity, MMYY and lot', '+E20831269/$$8020423286539+', { productId: 'E2083126', quantity: 2, expiry: '2023-04-30', lot: '286539' }],
    ['second real concatenated label', '+E20831339/$$8020223283831T', { productId: 'E2083133', expiry: '2023-02-28', lot: '283831' }],
    ['secondary, lot only ($)', '+$2034000BE', { productId: '', hibcLink: 'B', lot: '2034000' }],
    ['secondary $$ MMYY', hibc('+$$09283C001L'), { expiry: '2028-09-30', lot: '3C001', hibcLink: 'L' }],
    ['secondary $$2 MMDDYY', hibc('+$$20928283C001L'), { expiry: '2028-09-28', lot: '3C001' }],
    ['secondary $$3 YYMMDD', hibc('+$$32809283C001L'), { expiry: '2028-09-28', lot: '3C001' }],
    ['secondary $$4 YYMMDDHH', hibc('+$$4280928223C001L'), { expiry: '2028-09-28', lot: '3C001' }],
    ['secondary $$5 YYJJJ', hibc('+$$5282723C001L'), { expiry: '2028-09-28', lot: '3C001' }],
    ['secondary $$6 YYJJJHH', hibc('+$$628272223C001L'), { expiry: '2028-09-28', lot: '3C001' }],
    ['secondary $$7 no date', hibc('+$$73C001L'), { lot: '3C001' }],
    ['secondary $$8 quantity, then MMYY', hibc('+$$82409283C001L'), { quantity: 24, expiry: '2028-09-30', lot: '3C001' }],
    ['secondary $$9 five-digit quantity, then YYMMDD', hibc('+$$90010032809283C001L'), { quantity: 100, expiry: '2028-09-28', lot: '3C001' }],
    ['secondary $$+ serial, MMYY', hibc('+$$+09280001L'), { expiry: '2028-09-30', serial: '0001' }],
    ['secondary $$+3 serial, YYMMDD', hibc('+$$+32809280001L'), { expiry: '2028-09-28', serial: '0001' }],
    ['secondary $+ serial only', hibc('+$+0001L'), { serial: '0001' }],
    ['secondary, old Julian form YYJJJ + lot', hibc('+282723C001L'), { expiry: '2028-09-28', lot: '3C001' }],
    ['concatenated primary and $$3 secondary', hibc('+H629ABC1231/$$3291231LOT77'), { productId: 'H629ABC123', hibc: { lic: 'H629', product: 'ABC123', unit: '1' }, expiry: '2029-12-31', lot: 'LOT77' }],
    ['concatenated with a serial supplement', hibc('+H629ABC1231/$$3291231LOT77/SSN42'), { lot: 'LOT77', serial: 'SN42' }],
    ['concatenated with /14D expiry and /16D manufacture', hibc('+H629ABC1231/$LOT5/14D20300115/16D20250115'), { lot: 'LOT5', expiry: '2030-01-15' }],
    ['unit of measure 0 (each)', hibc('+M114PX50'), { productId: 'M114PX5', hibc: { lic: 'M114', product: 'PX5', unit: '0' } }],
    ['18-character product number', hibc('+A1B2ABCDEFGHIJKLMNOPQR3'), { hibc: { lic: 'A1B2', product: 'ABCDEFGHIJKLMNOPQR', unit: '3' } }],
    ['lower case from a keyboard wedge', hibc('+H629ABC1231/$$3291231LOT77').toLowerCase(), { productId: 'H629ABC123', lot: 'LOT77' }],
    ['check character a space survives the trailing newline', '+Z999009900021 \r\n', { productId: 'Z99900990002' }],
  ];
  it.each(cases)('%s', (_what, scan, expected) => {
    expect(read(scan)).toMatchObject(expected);
  });

  const refused: [string, string, RegExp][] = [
    ['primary check character wrong', '+A123BJC5D6E71H', /HIBC check character is H but should be G: the label was misread/],
    ['concatenated check character wrong', '+E20831269/$$8020423286539T', /HIBC check character is T but should be \+/],
    ['secondary check character wrong', '+$2034000BF', /HIBC check character is F but should be E/],
    ['a character Code 39 cannot carry', '+A123_BJC1G', /Code 39 cannot carry/],
    ['labeler code starting with a digit', hibc('+1234ABC1'), /labeler code starting with a letter/],
    ['no unit of measure digit', hibc('+A123ABCD'), /unit of measure digit/],
    ['bad date format flag', hibc('+$$A3C001L'), /date format flag "A"/],
    ['month 13 in MMYY', hibc('+$$13283C001L'), /HIBC expiry 1328 is not a month/],
    ['lot longer than 18', hibc(`+$${'L'.repeat(19)}L`), /longer than 18/],
    ['unknown supplement', hibc('+H629ABC1231/$LOT5/XYZ'), /supplemental field \/XYZ/],
  ];
  it.each(refused)('refuses: %s', (_what, scan, message) => {
    const result = readUdi(scan);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(message);
  });
});

describe('plain barcodes and product codes', () => {
  it('leaves EAN/UPC and Code 128 barcodes alone', () => {
    expect(read('0885074012346')).toEqual({ standard: 'plain', productId: '0885074012346' });
    expect(read(']E00885074012346')).toEqual({ standard: 'plain', productId: '0885074012346' });
    expect(read(' ABC-123 ')).toEqual({ standard: 'plain', productId: 'ABC-123' });
    expect(readUdi('  ').ok).toBe(false);
  });

  it('offers the EAN-13 and UPC-A forms of a GTIN-14, and the HIBC product in every printed form', () => {
    expect(udiCodes(read('(01)00885074012346(10)X'))).toEqual(['00885074012346', '0885074012346', '885074012346']);
    expect(udiCodes(read('+A123BJC5D6E71G'))).toEqual(['A123BJC5D6E7', 'A123BJC5D6E71', 'A123BJC5D6E71G', '+A123BJC5D6E71G']);
    expect(udiCodes(read('+$2034000BE'))).toEqual([]);
    expect(scanSearchTerm(read('(01)00885074012346'))).toBe('885074012346');
    expect(scanSearchTerm(read(hibc('+H629ABC1231/$$3291231LOT77')))).toBe('H629ABC123');
  });

  it('matches a scan to a product barcode or manufacturer code', () => {
    const box = read(hibc('+H629ABC1231/$$3291231LOT77'));
    expect(scanMatchesCode(box, 'H629ABC123')).toBe(true);
    expect(scanMatchesCode(box, 'h629abc1231')).toBe(true);
    expect(scanMatchesCode(box, hibc('+H629ABC1231'))).toBe(true);
    expect(scanMatchesCode(box, 'H629ABC124')).toBe(false);
    expect(scanMatchesCode(read('(01)00885074012346'), '885074012346')).toBe(true);
    expect(scanMatchesCode(read('(01)00885074012346'), '(01)00885074012346')).toBe(true);
    expect(scanMatchesCode(read('7684324320704'), '7684324320705')).toBe(false);
  });

  it('compares an HIBC label with the manufacturer code, a GS1 label with the barcode only', () => {
    const box = read(hibc('+H629ABC1231/$$3291231LOT77'));
    const gs1 = read('(01)00885074012346(10)X');
    const burs = { barcode: '0885074012346', manufacturer_code: 'H629ABC123' };
    expect(scanMatchesProduct(box, burs)).toBe(true);
    expect(scanIsOtherProduct(box, burs)).toBe(false);
    expect(scanMatchesProduct(box, { ...burs, manufacturer_code: 'H629XYZ999' })).toBe(false);
    expect(scanIsOtherProduct(box, { ...burs, manufacturer_code: 'H629XYZ999' })).toBe(true);
    // A manufacturer code holding the catalog number alone (the label's product number) names it too.
    expect(scanMatchesProduct(box, { ...burs, manufacturer_code: 'abc123' })).toBe(true);
    expect(scanIsOtherProduct(box, { ...burs, manufacturer_code: 'ABC123' })).toBe(false);
    expect(scanIsOtherProduct(box, { ...burs, manufacturer_code: 'ABC124' })).toBe(true);
    // A barcode holding the HIBC primary still names the product; a numeric one is no HIBC code.
    expect(scanMatchesProduct(box, { barcode: 'H629ABC1231' })).toBe(true);
    expect(scanIsOtherProduct(box, { barcode: '0885074012346', manufacturer_code: '' })).toBe(false);
    // GS1 as before: the barcode decides, whatever the manufacturer code says.
    expect(scanMatchesProduct(gs1, burs)).toBe(true);
    expect(scanMatchesProduct(gs1, { barcode: '', manufacturer_code: '00885074012346' })).toBe(false);
    expect(scanIsOtherProduct(gs1, { barcode: '4006381333931', manufacturer_code: 'H629ABC123' })).toBe(true);
    expect(scanIsOtherProduct(gs1, { barcode: '', manufacturer_code: 'H629XYZ999' })).toBe(false);
  });
});
