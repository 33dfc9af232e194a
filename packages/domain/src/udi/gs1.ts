import { fromYymmdd } from './dates';
import { aiAt, GS1_AIS } from './gs1-table';
import type { Udi, UdiResult } from './types';

/** FNC1 as scanners transmit it between variable-length fields. */
export const GS = '\u001d';

/** The mod-10 check digit of GTINs, GLNs and SSCCs (GS1 General Specifications 7.9.1). */
export function gs1CheckDigitValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  const body = digits.slice(0, -1);
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1));
}

/** Identifiers whose data ends in a mod-10 check digit. */
const CHECKED = new Set(['00', '01', '02', '03', '410', '411', '412', '413', '414', '415', '416', '417', '8017', '8018']);
const DATES = new Set(['11', '12', '13', '15', '16', '17']);

type Fields = [ai: string, value: string][];
type Split = { ok: true; fields: Fields } | { ok: false; message: string };

/** Raw element string: fixed fields by their length, variable ones up to the next GS. */
function splitRaw(text: string): Split {
  const fields: Fields = [];
  let rest = text;
  while (rest.length > 0) {
    if (rest.startsWith(GS)) {
      rest = rest.slice(1);
      continue;
    }
    const ai = aiAt(rest);
    if (!ai) return { ok: false, message: `Unknown GS1 application identifier at "${rest.slice(0, 4)}"` };
    const spec = GS1_AIS.get(ai)!;
    rest = rest.slice(ai.length);
    let value: string;
    if (spec.fixed !== undefined) {
      value = rest.slice(0, spec.fixed);
      rest = rest.slice(spec.fixed);
    } else {
      const end = rest.indexOf(GS);
      value = end === -1 ? rest : rest.slice(0, end);
      rest = end === -1 ? '' : rest.slice(end + 1);
    }
    fields.push([ai, value]);
  }
  return { ok: true, fields };
}

/** Human-readable form: (01)09506000134352(17)251231(10)LOT. */
function splitBracketed(text: string): Split {
  const fields: Fields = [];
  const pattern = /\((\d{2,4})\)([^(]*)/gy;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, ai, value] = match as unknown as [string, string, string];
    if (!GS1_AIS.has(ai)) return { ok: false, message: `Unknown GS1 application identifier (${ai})` };
    fields.push([ai, value.trim()]);
    at += whole.length;
  }
  if (fields.length === 0 || at !== text.length) return { ok: false, message: 'This GS1 code is not a list of (AI)value fields' };
  return { ok: true, fields };
}

function checkField(ai: string, value: string): string | undefined {
  const spec = GS1_AIS.get(ai)!;
  const label = `(${ai}) ${spec.title}`;
  if (spec.fixed !== undefined && value.length !== spec.fixed) return `${label} must be ${String(spec.fixed)} characters long, not ${String(value.length)}`;
  if (value.length === 0 || value.length > spec.max) return `${label} must be 1 to ${String(spec.max)} characters long`;
  if (spec.numeric && !/^\d+$/.test(value)) return `${label} must be digits only`;
  if (!/^[\x21-\x7e]+$/.test(value)) return `${label} holds characters a GS1 code cannot carry`;
  if (CHECKED.has(ai) && !gs1CheckDigitValid(value)) return `${label} ${value} has a wrong check digit: the code was misread or is not genuine`;
  if (DATES.has(ai) && !fromYymmdd(value)) return `${label} ${value} is not a date (YYMMDD)`;
  return undefined;
}

function toUdi(fields: Fields): UdiResult {
  const udi: Udi = { standard: 'gs1', productId: '' };
  let expiryTime: string | undefined;
  for (const [ai, value] of fields) {
    const problem = checkField(ai, value);
    if (problem) return { ok: false, message: problem };
    if (ai === '01' || (ai === '02' && !udi.gtin) || (ai === '03' && !udi.gtin)) udi.gtin = value;
    else if (ai === '10') udi.lot = value;
    else if (ai === '21') udi.serial = value;
    else if (ai === '17') udi.expiry = fromYymmdd(value);
    else if (ai === '7003') expiryTime = fromYymmdd(value.slice(0, 6));
    else if (ai === '30' || ai === '37') udi.quantity = Number(value);
  }
  // 7003 is expiry date and time; (17) wins when both are printed.
  if (!udi.expiry && expiryTime) udi.expiry = expiryTime;
  udi.productId = udi.gtin ?? '';
  return { ok: true, udi };
}

/** Reads a GS1 element string (symbology identifier already removed), raw or in brackets. */
export function readGs1(text: string): UdiResult {
  const split = text.startsWith('(') ? splitBracketed(text) : splitRaw(text);
  return split.ok ? toUdi(split.fields) : split;
}
