/**
 * GS1 element strings as printed on medical supplies (UDI): GS1-128 and GS1 DataMatrix carry
 * application identifiers such as (01) GTIN, (17) expiry, (10) lot and (21) serial. Scanners
 * hand them over raw (FNC1 as the GS character, sometimes with a ]C1/]d2/]Q3 symbology prefix) or
 * in the human-readable bracket form. Anything else is a plain barcode (EAN/UPC, Code 128).
 */
export interface Gs1Data {
  gtin?: string;
  lot?: string;
  serial?: string;
  /** ISO date; a day of 00 means the last day of that month (GS1 General Specifications 7.12). */
  expiry?: string;
}

const GS = '\u001d';

/** Application identifiers with a fixed data length (the rest run to a GS or the end). */
const FIXED_LENGTH: Record<string, number> = {
  '00': 18,
  '01': 14,
  '02': 14,
  '11': 6,
  '12': 6,
  '13': 6,
  '15': 6,
  '16': 6,
  '17': 6,
  '20': 2,
};

/** How many digits an application identifier has, from its first two (GS1 General Specifications 3.2). */
function aiLength(text: string): number {
  const two = text.slice(0, 2);
  if (['31', '32', '33', '34', '35', '36', '39', '70', '71', '72', '80', '81', '82'].includes(two)) return 4;
  if (['23', '24', '25', '40', '41', '42', '43'].includes(two)) return 3;
  return 2;
}

function expiryDate(yymmdd: string): string | undefined {
  if (!/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return undefined;
  // GS1 rule for the century: within 50 years ahead or 49 behind; clinics see the 2000s.
  const year = 2000 + yy;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = lastDay;
  if (day > lastDay) return undefined;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function assign(data: Gs1Data, ai: string, value: string): void {
  if (ai === '01' && /^\d{14}$/.test(value)) data.gtin = value;
  else if (ai === '10' && value) data.lot = value;
  else if (ai === '21' && value) data.serial = value;
  else if (ai === '17') {
    const date = expiryDate(value);
    if (date) data.expiry = date;
  }
}

function parseBracketed(text: string): Gs1Data | null {
  const parts = [...text.matchAll(/\((\d{2,4})\)([^(]*)/g)];
  if (parts.length === 0) return null;
  const data: Gs1Data = {};
  for (const [, ai, value] of parts) assign(data, ai!, value!.trim());
  return data;
}

function parseRaw(text: string): Gs1Data | null {
  let rest = text;
  const data: Gs1Data = {};
  let found = false;
  while (rest.length >= 2) {
    if (rest.startsWith(GS)) {
      rest = rest.slice(1);
      continue;
    }
    const ai = rest.slice(0, aiLength(rest));
    if (!/^\d+$/.test(ai)) return found ? data : null;
    rest = rest.slice(ai.length);
    // Measures (310n-369n) are six digits too.
    const fixed = FIXED_LENGTH[ai] ?? (/^3[1-6]\d\d$/.test(ai) ? 6 : undefined);
    let value: string;
    if (fixed !== undefined) {
      value = rest.slice(0, fixed);
      if (value.length < fixed) return found ? data : null;
      rest = rest.slice(fixed);
    } else {
      const end = rest.indexOf(GS);
      value = end === -1 ? rest : rest.slice(0, end);
      rest = end === -1 ? '' : rest.slice(end + 1);
    }
    assign(data, ai, value);
    found = true;
  }
  return found ? data : null;
}

/**
 * Reads a scanned value. Returns null for a code that is not a GS1 element string, so the caller
 * treats it as a plain product barcode.
 */
export function parseGs1(scanned: string): Gs1Data | null {
  const text = scanned.trim().replace(/^\][A-Za-z]\d/, '');
  if (text.startsWith('(')) return parseBracketed(text);
  // A raw element string must have come with a symbology prefix or an FNC1, or start with (01).
  const looksGs1 = scanned.trim() !== text || text.includes(GS) || (/^01\d{14}/.test(text) && text.length > 16);
  return looksGs1 ? parseRaw(text) : null;
}

/** The product barcodes a scan may match: the GTIN-14 and its shorter EAN-13 / UPC-A forms. */
export function barcodeCandidates(scanned: string): string[] {
  const gtin = parseGs1(scanned)?.gtin;
  const code = gtin ?? scanned.trim();
  const candidates = new Set([code]);
  if (/^\d{14}$/.test(code) && code.startsWith('0')) candidates.add(code.slice(1));
  if (/^\d{14}$/.test(code) && code.startsWith('00')) candidates.add(code.slice(2));
  if (/^\d{13}$/.test(code) && code.startsWith('0')) candidates.add(code.slice(1));
  return [...candidates];
}
