import type { BasicUnit, Container, ProductType } from './products';

/**
 * Words the assistant's local command parser (assistant-parser.ts) understands: spoken numbers,
 * dates, and the spoken names of containers, basic units and product types. Pure helpers, no I/O.
 */

// ---------------------------------------------------------------------------------------------
// Numbers

const ONES: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

type Last = 'none' | 'article' | 'one' | 'teen' | 'tens' | 'hundred' | 'thousand' | 'and';

/**
 * Reads the longest spoken number at the start of `words` (lower case): "twenty five", "a hundred
 * and twenty", "two thousand", "a dozen", "forty five point five". Returns how many words it used,
 * or null. A word that cannot continue the number ends it, so "forty five fifty" reads 45 and then,
 * on the next call, 50 (and "five one two" reads 5, 1, 2: a phone number said digit by digit).
 */
export function readNumberWords(words: readonly string[]): { value: number; used: number } | null {
  let total = 0;
  let current = 0;
  let last: Last = 'none';
  let i = 0;
  // "a"/"an" count as one only before a scale: "a hundred", "a thousand", "a dozen".
  if ((words[0] === 'a' || words[0] === 'an') && ['hundred', 'thousand', 'dozen'].includes(words[1] ?? '')) {
    last = 'article';
    i = 1;
  }
  const afterScale = (l: Last) => l === 'none' || l === 'hundred' || l === 'thousand' || l === 'and';
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w in ONES) {
      if (!(afterScale(last) || last === 'tens')) break;
      current += ONES[w]!;
      last = 'one';
      if (w === 'zero') {
        i++;
        break;
      }
    } else if (w in TEENS) {
      if (!afterScale(last)) break;
      current += TEENS[w]!;
      last = 'teen';
    } else if (w in TENS) {
      if (!afterScale(last)) break;
      current += TENS[w]!;
      last = 'tens';
    } else if (w === 'hundred') {
      if (!['one', 'teen', 'tens', 'article'].includes(last)) break;
      current = (current || 1) * 100;
      last = 'hundred';
    } else if (w === 'thousand') {
      if (!['one', 'teen', 'tens', 'hundred', 'article'].includes(last)) break;
      total += (current || 1) * 1000;
      current = 0;
      last = 'thousand';
    } else if (w === 'dozen') {
      if (!['one', 'teen', 'tens', 'article'].includes(last)) break;
      current = (current || 1) * 12;
      i++;
      return { value: total + current, used: i };
    } else if (w === 'and') {
      // British "a hundred and twenty": "and" belongs to the number only between a scale and more digits.
      const next = words[i + 1] ?? '';
      if (!(last === 'hundred' || last === 'thousand') || !(next in ONES || next in TEENS || next in TENS)) break;
      last = 'and';
    } else if (w === 'point') {
      // "forty five point five": the digits after "point" are read one by one.
      if (last === 'none' || last === 'article') break;
      let digits = '';
      while (words[i + 1] !== undefined && words[i + 1]! in ONES) digits += String(ONES[words[++i]!]);
      if (!digits) break;
      return { value: Number(`${total + current}.${digits}`), used: i + 1 };
    } else break;
  }
  if (last === 'none' || last === 'article') return null;
  return { value: total + current, used: i };
}

const NUMBER_WORDS = [...Object.keys(ONES), ...Object.keys(TEENS), ...Object.keys(TENS), 'hundred', 'thousand', 'dozen', 'point', 'and', 'a', 'an'];
/**
 * A run of words that may make up spoken numbers, joined by spaces or hyphens ("twenty-five").
 * It must not touch an e-mail address (no @, dot or word character right before or after), so
 * "one@acme.example" stays as written.
 */
const NUMBER_RUN = new RegExp(`(?<![\\w@.+-])(?:${NUMBER_WORDS.join('|')})(?:[\\s-]+(?:${NUMBER_WORDS.join('|')}))*(?![\\w@]|\\.\\w)`, 'gi');

/**
 * Writes spoken numbers as digits: "three boxes at forty five dollars" -> "3 boxes at 45 dollars",
 * "a couple of boxes" -> "2 boxes", "half a dozen" -> "6". Lone "a"/"an"/"and" stay words (the
 * parser reads "a box" itself). A capitalised number word inside the text is part of a name
 * ("Filtek One Bulk Fill") and is left alone, unless it starts the text or a sentence.
 */
export function numberWordsToDigits(text: string): string {
  const simplified = text.replace(/\bhalf an? dozen\b/gi, '6').replace(/\ba couple(?: of)?\b/gi, '2');
  return simplified.replace(NUMBER_RUN, (run: string, offset: number) => {
    // A list item starts like a sentence: after a colon, a semicolon or a bullet.
    const sentenceStart = offset === 0 || /(?:[.!?:;]|^[-*•]|\s[-*•])\s*$/.test(simplified.slice(0, offset));
    // Split keeping the separators, so words that are not numbers come back exactly as written.
    const parts = run.split(/([\s-]+)/);
    const words = parts.filter((_, k) => k % 2 === 0);
    const seps = parts.filter((_, k) => k % 2 === 1);
    const isName = (k: number) => /^[A-Z][a-z]+$/.test(words[k]!) && !(k === 0 && sentenceStart);
    let out = '';
    let k = 0;
    while (k < words.length) {
      let end = k;
      while (end < words.length && !isName(end)) end++;
      const read = end > k ? readNumberWords(words.slice(k, end).map((w) => w.toLowerCase())) : null;
      if (read) {
        out += String(read.value);
        k += read.used;
      } else {
        out += words[k];
        k += 1;
      }
      if (k < words.length) out += seps[k - 1];
    }
    return out;
  });
}

/** "45", "45.50", "1,200": a number as written with digits (thousands commas allowed). */
export const DIGITS = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
export function digitsValue(written: string): number {
  return Number(written.replace(/,/g, ''));
}

// ---------------------------------------------------------------------------------------------
// Dates (ISO strings, computed in UTC so the result never depends on the machine's time zone)

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(?<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const ORDINAL = '(?:st|nd|rd|th)?';

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
function validDate(y: number, m: number, d: number): string | null {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m) ? iso(y, m, d) : null;
}
function endOfMonth(y: number, m: number): string | null {
  return m >= 1 && m <= 12 ? iso(y, m, daysInMonth(y, m)) : null;
}
function parts(today: string): [number, number, number] {
  return today.split('-').map(Number) as [number, number, number];
}
/** Adds months (12 per year) to an ISO date, keeping the day or the month's last day ("31 Jan + 1 month" -> 28/29 Feb). */
export function addMonths(today: string, months: number): string {
  const [y, m, d] = parts(today);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return iso(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}
export function addDays(today: string, days: number): string {
  const [y, m, d] = parts(today);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
const fullYear = (written: string) => (written.length === 2 ? 2000 + Number(written) : Number(written));

/** The next month/day on or after today (a date said without a year). */
function nextOccurrence(today: string, m: number, d: number | null): string | null {
  const [ty, tm, td] = parts(today);
  const passed = m < tm || (m === tm && d !== null && d < td);
  const y = passed ? ty + 1 : ty;
  return d === null ? endOfMonth(y, m) : validDate(y, m, d);
}

/**
 * A slashed date is month first (the app writes MM-DD-YYYY). Only when the first number cannot be a
 * month ("15/03/2027") is it read day first, since that can only mean 15 March.
 */
function monthFirst(y: number, a: number, b: number): string | null {
  return a > 12 && b <= 12 ? validDate(y, b, a) : validDate(y, a, b);
}

type Groups = Record<string, string | undefined>;
interface DateForm {
  pattern: string;
  /** Said only after an expiry word ("exp 3/27"); the others are dates wherever they stand. */
  needsLead: boolean;
  toIso: (g: Groups, today: string) => string | null;
}

/**
 * Date forms, most specific first. Slashed dates are month first, as the app's own forms write
 * them (MM-DD-YYYY; the import's expiry column is mm/dd/yyyy), so "03/04/2027" is 4 March, never
 * 3 April. A month without a day means the end of that month, as printed on packaging.
 */
const DATE_FORMS: DateForm[] = [
  { pattern: String.raw`(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})`, needsLead: false, toIso: (g) => validDate(+g.y!, +g.m!, +g.d!) },
  { pattern: String.raw`(?<m>\d{1,2})[/.-](?<d>\d{1,2})[/.-](?<y>\d{4})`, needsLead: false, toIso: (g) => monthFirst(+g.y!, +g.m!, +g.d!) },
  { pattern: String.raw`(?<m>\d{1,2})[/.-](?<d>\d{1,2})[/.-](?<y>\d{2})`, needsLead: true, toIso: (g) => monthFirst(fullYear(g.y!), +g.m!, +g.d!) },
  { pattern: String.raw`(?<m>\d{1,2})[/.-](?<y>\d{4}|\d{2})`, needsLead: true, toIso: (g) => endOfMonth(fullYear(g.y!), +g.m!) },
  { pattern: String.raw`${MONTH}\s+(?<d>\d{1,2})${ORDINAL},?\s+(?<y>\d{4})`, needsLead: false, toIso: (g) => validDate(+g.y!, monthNumber(g.mon!), +g.d!) },
  { pattern: String.raw`(?<d>\d{1,2})${ORDINAL}\s+(?:of\s+)?${MONTH},?\s+(?<y>\d{4})`, needsLead: false, toIso: (g) => validDate(+g.y!, monthNumber(g.mon!), +g.d!) },
  { pattern: String.raw`${MONTH},?\s+(?:of\s+)?(?<y>\d{4})`, needsLead: false, toIso: (g) => endOfMonth(+g.y!, monthNumber(g.mon!)) },
  // "March '27": an apostrophe marks a two-digit year; "March 27" without it is the 27th.
  { pattern: String.raw`${MONTH}\s+['’](?<y>\d{2})`, needsLead: true, toIso: (g) => endOfMonth(fullYear(g.y!), monthNumber(g.mon!)) },
  { pattern: String.raw`${MONTH}\s+(?<d>\d{1,2})${ORDINAL}`, needsLead: true, toIso: (g, t) => nextOccurrence(t, monthNumber(g.mon!), +g.d!) },
  { pattern: String.raw`(?<d>\d{1,2})${ORDINAL}\s+(?:of\s+)?${MONTH}`, needsLead: true, toIso: (g, t) => nextOccurrence(t, monthNumber(g.mon!), +g.d!) },
  { pattern: MONTH, needsLead: true, toIso: (g, t) => nextOccurrence(t, monthNumber(g.mon!), null) },
  { pattern: String.raw`(?<y>20\d{2})`, needsLead: true, toIso: (g) => iso(+g.y!, 12, 31) },
  {
    pattern: String.raw`(?:in\s+)?(?<n>\d+|a|an)\s+(?<unit>year|month|week|day)s?(?:\s+(?:from\s+(?:now|today)|time))?`,
    needsLead: true,
    toIso: (g, t) => {
      const n = g.n === 'a' || g.n === 'an' ? 1 : Number(g.n);
      if (g.unit === 'year') return addMonths(t, 12 * n);
      if (g.unit === 'month') return addMonths(t, n);
      return addDays(t, g.unit === 'week' ? 7 * n : n);
    },
  },
  {
    pattern: String.raw`next\s+(?<unit>year|month|week)`,
    needsLead: true,
    toIso: (g, t) => (g.unit === 'year' ? addMonths(t, 12) : g.unit === 'month' ? addMonths(t, 1) : addDays(t, 7)),
  },
];

/**
 * Words that announce an expiry: "expiring", "expires on", "exp", "expiry date is", "best before",
 * "use by", "good until", followed by optional filler ("on", "at the end of", ":").
 */
const EXPIRY_LEAD = String.raw`\b(?:expir(?:es|ing|ed|y|ation)(?:\s+date)?|exp\.?|best\s+before|use\s+by|good\s+(?:until|till|through|thru)|valid\s+(?:until|till))(?:\s*:|\s+(?:is|on|in|by|at|the|end|of|date))*\s*`;

/** Finds an expiry date in the text: where it was said and the ISO date it means. */
export function findExpiry(text: string, today: string): { iso: string; index: number; length: number } | null {
  for (const lead of [true, false]) {
    for (const form of DATE_FORMS) {
      if (!lead && form.needsLead) continue;
      // The date must end at a word boundary: "3/2027" must not read as "3/20" followed by "27".
      const re = new RegExp(`${lead ? EXPIRY_LEAD : String.raw`\b`}${form.pattern}(?![\\w/.-]\\w|\\w)`, 'i');
      const m = re.exec(text);
      if (!m) continue;
      const date = form.toIso(m.groups ?? {}, today);
      if (date) return { iso: date, index: m.index, length: m[0].length };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Containers, basic units and product types as people say them

interface SpokenContainer {
  /** The word as the user says it, singular: used back in questions ("What is the price per pack?"). */
  spoken: string;
  container: Container;
}
/** [singular, plural, enum value]. "pack" and "packet" are the catalog's package; pieces and items are units. */
const CONTAINER_VOCAB: readonly (readonly [string, string, Container])[] = [
  ['box', 'boxes', 'box'], ['carton', 'cartons', 'box'],
  ['pack', 'packs', 'package'], ['packet', 'packets', 'package'], ['package', 'packages', 'package'],
  ['bottle', 'bottles', 'bottle'], ['vial', 'vials', 'vial'], ['ampoule', 'ampoules', 'vial'], ['ampule', 'ampules', 'vial'],
  ['case', 'cases', 'case'], ['bag', 'bags', 'bag'], ['pouch', 'pouches', 'bag'], ['jar', 'jars', 'jar'],
  ['roll', 'rolls', 'roll'], ['kit', 'kits', 'kit'], ['can', 'cans', 'can'], ['tube', 'tubes', 'tube'],
  ['cartridge', 'cartridges', 'cartridge'], ['unit', 'units', 'unit'], ['item', 'items', 'unit'], ['piece', 'pieces', 'unit'],
];
const byLengthDesc = (a: string, b: string) => b.length - a.length;
/** Any container word, singular or plural, longest first so "boxes" wins over "box". */
export const CONTAINER_WORD = `(?:${CONTAINER_VOCAB.flatMap(([s, p]) => [s, p]).sort(byLengthDesc).join('|')})`;

export function containerOf(word: string): SpokenContainer | null {
  const w = word.toLowerCase();
  const hit = CONTAINER_VOCAB.find(([s, p]) => s === w || p === w);
  return hit ? { spoken: hit[0], container: hit[2] } : null;
}
export function pluralOf(spoken: string): string {
  return CONTAINER_VOCAB.find(([s]) => s === spoken)?.[1] ?? (/(s|x|ch|sh)$/.test(spoken) ? `${spoken}es` : `${spoken}s`);
}

/** Counting words after a number ("50 cartridges per box", "boxes of 100 pieces"). */
export const COUNT_NOUN = `(?:${[
  'units', 'unit', 'pieces', 'piece', 'pcs', 'items', 'item', 'count', 'ct', 'cartridges', 'cartridge', 'carpules', 'carpule',
  'capsules', 'compules', 'tablets', 'tabs', 'pairs', 'sheets', 'tips', 'doses', 'ampoules', 'vials', 'tubes', 'syringes',
].sort(byLengthDesc).join('|')})`;

/** Spoken basic units. "carpules" and "compules" are dental cartridges; "cc" is a millilitre. */
const BASIC_UNIT_VOCAB: Record<string, BasicUnit> = {
  cartridge: 'cartridge', cartridges: 'cartridge', carpule: 'cartridge', carpules: 'cartridge', compule: 'cartridge', compules: 'cartridge',
  item: 'item', items: 'item', piece: 'item', pieces: 'item', pcs: 'item',
  ml: 'ml', mls: 'ml', milliliter: 'ml', milliliters: 'ml', millilitre: 'ml', millilitres: 'ml', cc: 'ml',
  gram: 'gram', grams: 'gram', g: 'gram', gr: 'gram', gramme: 'gram', grammes: 'gram',
  mg: 'mg', milligram: 'mg', milligrams: 'mg', milligramme: 'mg', milligrammes: 'mg',
  oz: 'oz', ounce: 'oz', ounces: 'oz',
  tube: 'tube', tubes: 'tube',
};
export const BASIC_UNIT_WORD = `(?:${Object.keys(BASIC_UNIT_VOCAB).sort(byLengthDesc).join('|')})`;
export function basicUnitOf(word: string): BasicUnit | null {
  return BASIC_UNIT_VOCAB[word.toLowerCase()] ?? null;
}

/** "single use" products are the catalog's disposables. */
export const PRODUCT_TYPE_WORD = String.raw`(?:disposables?|consumables?|single[\s-]use)`;
export function productTypeOf(word: string): ProductType | null {
  const w = word.toLowerCase();
  if (w.startsWith('consumable')) return 'consumable';
  if (w.startsWith('disposable') || w.startsWith('single')) return 'disposable';
  return null;
}
