import { dateOf, fromYyjjj, fromYymmdd, fromYyyymmdd, fullYear } from './dates';
import type { Udi, UdiResult } from './types';

/** Code 39 characters in the order of their values 0..42 (ANSI/HIBC 2.6, appendix B). */
const CODE39 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';

/** The modulo-43 check character over every character before it, the leading + included. */
export function hibcCheckCharacter(text: string): string | undefined {
  let sum = 0;
  for (const char of text) {
    const value = CODE39.indexOf(char);
    if (value === -1) return undefined;
    sum += value;
  }
  return CODE39[sum % 43];
}

type Secondary = Pick<Udi, 'lot' | 'serial' | 'expiry' | 'quantity'>;
type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const fail = (message: string) => ({ ok: false as const, message });

/**
 * The date that follows `$$` (or `$$+`): a flag digit 2..7 names its format; a month (0 or 1
 * first) means MMYY, which expires at the end of that month.
 */
function readDate(text: string): Parsed<{ expiry?: string; rest: string }> {
  const flag = text[0];
  const formats: Record<string, [length: number, read: (d: string) => string | undefined]> = {
    '2': [6, (d) => fromYymmdd(d.slice(4, 6) + d.slice(0, 4))],
    '3': [6, fromYymmdd],
    '4': [8, (d) => fromYymmdd(d.slice(0, 6))],
    '5': [5, fromYyjjj],
    '6': [7, (d) => fromYyjjj(d.slice(0, 5))],
  };
  if (flag === '7') return { ok: true, value: { rest: text.slice(1) } };
  if (flag === '0' || flag === '1') {
    const mmyy = text.slice(0, 4);
    const expiry = /^\d{4}$/.test(mmyy) ? dateOf(fullYear(Number(mmyy.slice(2))), Number(mmyy.slice(0, 2)), 0) : undefined;
    return expiry ? { ok: true, value: { expiry, rest: text.slice(4) } } : fail(`HIBC expiry ${mmyy} is not a month (MMYY)`);
  }
  const format = flag ? formats[flag] : undefined;
  if (!format) return fail(`HIBC date format flag "${flag ?? ''}" is not one of 0-7`);
  const [length, read] = format;
  const digits = text.slice(1, 1 + length);
  const expiry = /^\d+$/.test(digits) && digits.length === length ? read(digits) : undefined;
  return expiry ? { ok: true, value: { expiry, rest: text.slice(1 + length) } } : fail(`HIBC expiry ${digits} does not fit date format ${flag ?? ''}`);
}

/** Quantity flags 8 (two digits) and 9 (five digits) may come before the date. */
function readQuantity(text: string): { quantity?: number; rest: string } {
  const match = /^(?:8(\d{2})|9(\d{5}))/.exec(text);
  if (!match) return { rest: text };
  return { quantity: Number(match[1] ?? match[2]), rest: text.slice(match[0].length) };
}

/** Secondary data: lot, serial and expiry (ANSI/HIBC 2.6, section 2.2). */
function readSecondary(data: string): Parsed<Secondary> {
  let id: string;
  const out: Secondary = {};
  let kind: 'lot' | 'serial' = 'lot';
  if (data.startsWith('$$')) {
    let rest = data.slice(2);
    if (rest.startsWith('+')) {
      kind = 'serial';
      rest = rest.slice(1);
    }
    const q = readQuantity(rest);
    if (q.quantity !== undefined) out.quantity = q.quantity;
    const date = readDate(q.rest);
    if (!date.ok) return date;
    if (date.value.expiry) out.expiry = date.value.expiry;
    id = date.value.rest;
  } else if (data.startsWith('$+')) {
    kind = 'serial';
    id = data.slice(2);
  } else if (data.startsWith('$')) {
    id = data.slice(1);
  } else if (/^\d{5}/.test(data)) {
    // The oldest form: a Julian expiry YYJJJ, then the lot.
    const expiry = fromYyjjj(data.slice(0, 5));
    if (!expiry) return fail(`HIBC expiry ${data.slice(0, 5)} is not a date (YYJJJ)`);
    out.expiry = expiry;
    id = data.slice(5);
  } else {
    return fail('HIBC secondary data must start with $, $$ or a date');
  }
  if (id.length > 18) return fail(`HIBC ${kind} ${id} is longer than 18 characters`);
  if (id) out[kind] = id;
  return { ok: true, value: out };
}

/** Supplemental fields after a slash: /S serial, /14D expiry and /16D manufacture (YYYYMMDD). */
function readSupplement(field: string, out: Secondary): string | undefined {
  if (field.startsWith('S')) out.serial = field.slice(1);
  else if (field.startsWith('14D')) {
    const expiry = fromYyyymmdd(field.slice(3));
    if (!expiry) return `HIBC expiry ${field.slice(3)} is not a date (YYYYMMDD)`;
    out.expiry = expiry;
  } else if (!field.startsWith('16D')) return `HIBC supplemental field /${field} is not /S, /14D or /16D`;
  return undefined;
}

function readPrimary(data: string): Parsed<NonNullable<Udi['hibc']>> {
  const match = /^([A-Z][A-Z0-9]{3})([A-Z0-9]{1,18})(\d)$/.exec(data);
  if (!match) return fail('HIBC primary data must be a 4-character labeler code starting with a letter, a product number of 1 to 18 letters or digits, and a unit of measure digit');
  return { ok: true, value: { lic: match[1]!, product: match[2]!, unit: match[3]! } };
}

/**
 * Reads an HIBC label: a primary (+LIC, product, unit), a secondary (+$$..., with the primary's
 * check character as link), or both in one symbol joined by a slash. The last character is the
 * modulo-43 check; a wrong one means a misread, so the label is refused.
 */
export function readHibc(scanned: string): UdiResult {
  const text = scanned.toUpperCase();
  const body = text.slice(0, -1);
  const expected = hibcCheckCharacter(body);
  if (text.length < 3 || expected === undefined) return fail('This HIBC code holds characters Code 39 cannot carry');
  if (expected !== text.at(-1)) return fail(`HIBC check character is ${text.at(-1) ?? ''} but should be ${expected}: the label was misread, scan it again`);
  const data = body.slice(1);
  const udi: Udi = { standard: 'hibc', productId: '' };
  let parts: string[];
  if (/^[A-Z]/.test(data)) {
    const [primary, ...more] = data.split('/');
    const read = readPrimary(primary!);
    if (!read.ok) return read;
    udi.hibc = read.value;
    udi.productId = read.value.lic + read.value.product;
    parts = more;
  } else {
    if (!/^(\$|\d{5})/.test(data)) return fail('HIBC data must start with a labeler code starting with a letter, or with secondary data ($, $$ or a YYJJJ date)');
    // A secondary label on its own ends in the link character before the check.
    udi.hibcLink = data.at(-1);
    parts = data.slice(0, -1).split('/');
  }
  // Secondary data starts with $ or a Julian date; anything else is already a supplement.
  const secondary = parts[0] !== undefined && /^(\$|\d{5})/.test(parts[0]) ? parts[0] : undefined;
  const supplements = secondary === undefined ? parts.filter(Boolean) : parts.slice(1);
  if (secondary) {
    const read = readSecondary(secondary);
    if (!read.ok) return read;
    Object.assign(udi, read.value);
  }
  for (const field of supplements) {
    const problem = readSupplement(field, udi);
    if (problem) return fail(problem);
  }
  return { ok: true, udi };
}
