/**
 * The application identifiers of the GS1 General Specifications (section 3.2, release 24) and
 * the length of their data. A scanner hands over an element string without brackets, so the
 * reader needs every identifier's length to know where one field ends and the next begins:
 * an unknown identifier would cut the rest of the string short (issue 21: 7003 before a lot).
 */
export interface AiSpec {
  /** Data length when it is fixed; the field then needs no FNC1 after it. */
  fixed?: number;
  /** Longest data a variable field may hold; it ends at an FNC1 (GS) or the end. */
  max: number;
  /** N: digits only. X: GS1 character set 82. */
  numeric: boolean;
  title: string;
}

type Row = [ai: string, title: string, format: string];

/**
 * Formats as the specification prints them: `N14` fixed digits, `X..20` up to 20 characters,
 * `N3+X..9` a fixed head and a variable tail (read as one variable field of the total length).
 */
const ROWS: Row[] = [
  ['00', 'SSCC', 'N18'],
  ['01', 'GTIN', 'N14'],
  ['02', 'CONTENT', 'N14'],
  ['03', 'MTO GTIN', 'N14'],
  ['10', 'BATCH/LOT', 'X..20'],
  ['11', 'PROD DATE', 'N6'],
  ['12', 'DUE DATE', 'N6'],
  ['13', 'PACK DATE', 'N6'],
  ['15', 'BEST BEFORE', 'N6'],
  ['16', 'SELL BY', 'N6'],
  ['17', 'USE BY', 'N6'],
  ['20', 'VARIANT', 'N2'],
  ['21', 'SERIAL', 'X..20'],
  ['22', 'CPV', 'X..20'],
  ['235', 'TPX', 'X..28'],
  ['240', 'ADDITIONAL ID', 'X..30'],
  ['241', 'CUST. PART No.', 'X..30'],
  ['242', 'MTO VARIANT', 'N..6'],
  ['243', 'PCN', 'X..20'],
  ['250', 'SECONDARY SERIAL', 'X..30'],
  ['251', 'REF. TO SOURCE', 'X..30'],
  ['253', 'GDTI', 'N13+X..17'],
  ['254', 'GLN EXTENSION COMPONENT', 'X..20'],
  ['255', 'GCN', 'N13+N..12'],
  ['30', 'VAR. COUNT', 'N..8'],
  ['37', 'COUNT', 'N..8'],
  ['400', 'ORDER NUMBER', 'X..30'],
  ['401', 'GINC', 'X..30'],
  ['402', 'GSIN', 'N17'],
  ['403', 'ROUTE', 'X..30'],
  ['410', 'SHIP TO LOC', 'N13'],
  ['411', 'BILL TO', 'N13'],
  ['412', 'PURCHASE FROM', 'N13'],
  ['413', 'SHIP FOR LOC', 'N13'],
  ['414', 'LOC No.', 'N13'],
  ['415', 'PAY TO', 'N13'],
  ['416', 'PROD/SERV LOC', 'N13'],
  ['417', 'PARTY', 'N13'],
  ['420', 'SHIP TO POST', 'X..20'],
  ['421', 'SHIP TO POST', 'N3+X..9'],
  ['422', 'ORIGIN', 'N3'],
  ['423', 'COUNTRY - INITIAL PROCESS', 'N3+N..12'],
  ['424', 'COUNTRY - PROCESS', 'N3'],
  ['425', 'COUNTRY - DISASSEMBLY', 'N3+N..12'],
  ['426', 'COUNTRY - FULL PROCESS', 'N3'],
  ['427', 'ORIGIN SUBDIVISION', 'X..3'],
  ['4300', 'SHIP TO COMP', 'X..35'],
  ['4301', 'SHIP TO NAME', 'X..35'],
  ['4302', 'SHIP TO ADD1', 'X..70'],
  ['4303', 'SHIP TO ADD2', 'X..70'],
  ['4304', 'SHIP TO SUB', 'X..70'],
  ['4305', 'SHIP TO LOC', 'X..70'],
  ['4306', 'SHIP TO REG', 'X..70'],
  ['4307', 'SHIP TO COUNTRY', 'X2'],
  ['4308', 'SHIP TO PHONE', 'X..30'],
  ['4309', 'SHIP TO GEO', 'N20'],
  ['4310', 'RTN TO COMP', 'X..35'],
  ['4311', 'RTN TO NAME', 'X..35'],
  ['4312', 'RTN TO ADD1', 'X..70'],
  ['4313', 'RTN TO ADD2', 'X..70'],
  ['4314', 'RTN TO SUB', 'X..70'],
  ['4315', 'RTN TO LOC', 'X..70'],
  ['4316', 'RTN TO REG', 'X..70'],
  ['4317', 'RTN TO COUNTRY', 'X2'],
  ['4318', 'RTN TO POST', 'X..20'],
  ['4319', 'RTN TO PHONE', 'X..30'],
  ['4320', 'SRV DESCRIPTION', 'X..35'],
  ['4321', 'DANGEROUS GOODS', 'N1'],
  ['4322', 'AUTH LEAVE', 'N1'],
  ['4323', 'SIG REQUIRED', 'N1'],
  ['4324', 'NBEF DEL DT', 'N10'],
  ['4325', 'NAFT DEL DT', 'N10'],
  ['4326', 'REL DATE', 'N6'],
  ['4330', 'MAX TEMP F', 'X..7'],
  ['4331', 'MAX TEMP C', 'X..7'],
  ['4332', 'MIN TEMP F', 'X..7'],
  ['4333', 'MIN TEMP C', 'X..7'],
  ['7001', 'NSN', 'N13'],
  ['7002', 'MEAT CUT', 'X..30'],
  ['7003', 'EXPIRY TIME', 'N10'],
  ['7004', 'ACTIVE POTENCY', 'N..4'],
  ['7005', 'CATCH AREA', 'X..12'],
  ['7006', 'FIRST FREEZE DATE', 'N6'],
  ['7007', 'HARVEST DATE', 'N..12'],
  ['7008', 'AQUATIC SPECIES', 'X..3'],
  ['7009', 'FISHING GEAR TYPE', 'X..10'],
  ['7010', 'PROD METHOD', 'X..2'],
  ['7011', 'TEST BY DATE', 'N..10'],
  ['7020', 'REFURB LOT', 'X..20'],
  ['7021', 'FUNC STAT', 'X..20'],
  ['7022', 'REV STAT', 'X..20'],
  ['7023', 'GIAI - ASSEMBLY', 'X..30'],
  ['7040', 'UIC+EXT', 'X4'],
  ['7041', 'UFRGT UNIT TYPE', 'X..4'],
  ['710', 'NHRN PZN', 'X..20'],
  ['711', 'NHRN CIP', 'X..20'],
  ['712', 'NHRN CN', 'X..20'],
  ['713', 'NHRN DRN', 'X..20'],
  ['714', 'NHRN AIM', 'X..20'],
  ['715', 'NHRN NDC', 'X..20'],
  ['716', 'NHRN AIC', 'X..20'],
  ['7240', 'PROTOCOL', 'X..20'],
  ['7241', 'AIDC MEDIA TYPE', 'N2'],
  ['7242', 'VCN', 'X..25'],
  ['7250', 'DOB', 'N8'],
  ['7251', 'DOB TIME', 'N12'],
  ['7252', 'BIO SEX', 'N1'],
  ['7253', 'FAMILY NAME', 'X..40'],
  ['7254', 'GIVEN NAME', 'X..40'],
  ['7255', 'SUFFIX', 'X..10'],
  ['7256', 'FULL NAME', 'X..90'],
  ['7257', 'PERSON ADDR', 'X..70'],
  ['7258', 'BIRTH SEQUENCE', 'X3'],
  ['7259', 'BABY', 'X..40'],
  ['8001', 'DIMENSIONS', 'N14'],
  ['8002', 'CMT No.', 'X..20'],
  ['8003', 'GRAI', 'N14+X..16'],
  ['8004', 'GIAI', 'X..30'],
  ['8005', 'PRICE PER UNIT', 'N6'],
  ['8006', 'ITIP', 'N18'],
  ['8007', 'IBAN', 'X..34'],
  ['8008', 'PROD TIME', 'N..12'],
  ['8009', 'OPTSEN', 'X..50'],
  ['8010', 'CPID', 'X..30'],
  ['8011', 'CPID SERIAL', 'N..12'],
  ['8012', 'VERSION', 'X..20'],
  ['8013', 'GMN', 'X..25'],
  ['8014', 'MUDI', 'X..25'],
  ['8017', 'GSRN - PROVIDER', 'N18'],
  ['8018', 'GSRN - RECIPIENT', 'N18'],
  ['8019', 'SRIN', 'N..10'],
  ['8020', 'REF No.', 'X..25'],
  ['8026', 'ITIP CONTENT', 'N18'],
  ['8030', 'DIGSIG', 'X..90'],
  ['8110', 'COUPON', 'X..70'],
  ['8111', 'POINTS', 'N4'],
  ['8112', 'PAPERLESS COUPON', 'X..70'],
  ['8200', 'PRODUCT URL', 'X..70'],
  ['90', 'INTERNAL', 'X..30'],
  ...['91', '92', '93', '94', '95', '96', '97', '98', '99'].map((ai): Row => [ai, 'INTERNAL', 'X..90']),
];

/** Families whose last digit is the decimal point position (310n net weight ... 369n). */
const MEASURES: [from: number, to: number][] = [
  [310, 316],
  [320, 337],
  [340, 357],
  [360, 369],
];

function spec(title: string, format: string): AiSpec {
  const parts = format.split('+');
  const numeric = parts.every((p) => p.startsWith('N'));
  const lengths = parts.map((p) => Number(p.replace(/^[NX](\.\.)?/, '')));
  const max = lengths.reduce((a, b) => a + b, 0);
  return format.includes('..') ? { max, numeric, title } : { fixed: max, max, numeric, title };
}

function buildTable(): Map<string, AiSpec> {
  const table = new Map<string, AiSpec>();
  for (const [ai, title, format] of ROWS) table.set(ai, spec(title, format));
  for (const [from, to] of MEASURES) {
    for (let family = from; family <= to; family++) {
      for (let n = 0; n <= 9; n++) table.set(`${String(family)}${String(n)}`, spec(`MEASURE ${String(family)}n`, 'N6'));
    }
  }
  for (let n = 0; n <= 9; n++) {
    const d = String(n);
    table.set(`390${d}`, spec('AMOUNT', 'N..15'));
    table.set(`391${d}`, spec('AMOUNT', 'N3+N..15'));
    table.set(`392${d}`, spec('PRICE', 'N..15'));
    table.set(`393${d}`, spec('PRICE', 'N3+N..15'));
    table.set(`394${d}`, spec('PRCNT OFF', 'N4'));
    table.set(`395${d}`, spec('PRICE/UoM', 'N6'));
    table.set(`703${d}`, spec('PROCESSOR # s', 'N3+X..27'));
    table.set(`723${d}`, spec('CERT # s', 'X2+X..28'));
  }
  return table;
}

export const GS1_AIS: ReadonlyMap<string, AiSpec> = buildTable();

/** The identifier at the start of an element string: identifiers are prefix-free, 2 to 4 digits. */
export function aiAt(text: string): string | undefined {
  for (const length of [2, 3, 4]) {
    const ai = text.slice(0, length);
    if (GS1_AIS.has(ai)) return ai;
  }
  return undefined;
}
