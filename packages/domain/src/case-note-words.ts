import { readNumberWords } from './assistant-words';

/**
 * The words of a case note and of a catalog name, read the same way for the case-note matcher
 * (case-note-tray.ts): sizes ("4.1 × 10", "4.1x10mm"), suture gauges ("4-0", "4/0"), shades
 * ("A2"), needle gauges ("30g", "27 ga"), strengths ("2%", "1:100k"), lengths ("4 mm"), numbers
 * written as words, and amounts ("two carpules", "20u", "1 ml"). Every token keeps its place in
 * the text, so a proposed line can show the words it came from.
 */

export const SPEC_KINDS = ['size', 'shade', 'gauge', 'ga', 'pct', 'ratio', 'len', 'frac'] as const;
export type SpecKind = (typeof SPEC_KINDS)[number];

/** What an amount counts: cartridges, syringes or tubes, vials, toxin units, ml, grams, or plain items. */
export type AmountUnit = 'cartridge' | 'syringe' | 'vial' | 'units' | 'ml' | 'g' | 'count';

export type NoteToken =
  | { kind: SpecKind | 'word'; key: string; start: number; end: number }
  | { kind: 'num'; key: string; value: number; start: number; end: number; tooth: boolean }
  | { kind: 'amount'; key: string; value: number; unit: AmountUnit; start: number; end: number }
  | { kind: 'break'; key: string; start: number; end: number };

const UNIT_WORDS: Record<string, AmountUnit> = {
  carpule: 'cartridge', carp: 'cartridge', cart: 'cartridge', cartridge: 'cartridge', capsule: 'cartridge', compule: 'cartridge', unidose: 'cartridge',
  syringe: 'syringe', syr: 'syringe', tube: 'syringe',
  vial: 'vial', bottle: 'vial', jar: 'vial',
  pack: 'count', packet: 'count', pkt: 'count', sachet: 'count',
  u: 'units', unit: 'units', iu: 'units',
  ml: 'ml', cc: 'ml', mls: 'ml',
  g: 'g', gm: 'g', gram: 'g',
};
/** Words that never name a product: quantity words and the glue of a sentence. */
export const STOP_WORDS = new Set([...Object.keys(UNIT_WORDS), 'with', 'w', 'of', 'the', 'for', 'in', 'mm', 'oz', 'mg', 'per', 'x', 'lb', 'ft', 'm', 'count']);
/** Words that end a run of product words: the start of another clause. */
const BREAK_WORDS = new Set(['and', 'then', 'to', 'at', 'on', 'into', 'after', 'before', 'via', 'over', 'under', 'from', 'by', 'was', 'were', 'is', 'used', 'placed', 'given']);
/** Clinicians' short forms, written out as the catalog names them. */
const SYNONYMS: Record<string, string[]> = {
  lido: ['lidocaine'], xylo: ['xylocaine'], septo: ['septocaine'], arti: ['articaine'], artic: ['articaine'], epi: ['epinephrine'], adrenaline: ['epinephrine'],
  mepi: ['mepivacaine'], mepiv: ['mepivacaine'], carbo: ['carbocaine'], bupi: ['bupivacaine'], marcaine: ['bupivacaine'], prilo: ['prilocaine'],
  chx: ['chlorhexidine'], naocl: ['sodium', 'hypochlorite'], hypo: ['hypochlorite'], bleach: ['hypochlorite'], gp: ['gutta', 'percha'], caoh: ['calcium', 'hydroxide'],
  biogide: ['bio', 'gide'], biooss: ['bio', 'oss'], etch: ['etchant'], cannula: ['microcannula'], pga: ['pga'], ptfe: ['ptfe'], glove: ['glove'], varnish: ['varnish'],
  fv: ['fluoride', 'varnish'], juvaderm: ['juvederm'], vollure: ['vollure'], z250: ['z250'], ivory: ['ivory'], perma: ['perma'], sharps: ['sharp'], rd: ['dental', 'dam'],
};
const PHRASES: [RegExp, string[]][] = [
  [/^healing cap$/, ['healing', 'abutment']],
  [/^healing abut$/, ['healing', 'abutment']],
  [/^rubber dam$/, ['dental', 'dam']],
];

/** Plural to singular, both sides the same way: "abutments" -> "abutment", "carps" -> "carp". */
export function stem(word: string): string {
  if (word.length > 5 && /(?:sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

const num = (s: string) => Number(s.replace(/,/g, ''));
const fmt = (n: number) => String(Math.round(n * 1000) / 1000);

type Scan = { kind: SpecKind | 'num' | 'word' | 'break' | 'times'; re: RegExp; key: (m: RegExpExecArray, source: Source) => string | null };
type Source = 'note' | 'catalog';

const SCANS: Scan[] = [
  { kind: 'ratio', re: /1\s*:\s*(\d{1,3}(?:,\d{3})+|\d+)\s*(k\b)?/iy, key: (m) => `1:${num(m[1]!) * (m[2] ? 1000 : 1)}` },
  { kind: 'size', re: /(\d+(?:\.\d+)?)\s*(?:mm\s*)?[x×*]\s*(\d+(?:\.\d+)?)(?:\s*mm\b)?/iy, key: (m) => `${fmt(num(m[1]!))}x${fmt(num(m[2]!))}` },
  { kind: 'gauge', re: /(\d{1,2})\s*[-/]\s*0(?!\d|\.\d)/y, key: (m) => `${m[1]!}-0` },
  { kind: 'pct', re: /(\d+(?:\.\d+)?)\s*%/y, key: (m) => `${fmt(num(m[1]!))}%` },
  {
    kind: 'ga',
    re: /(\d{2})\s*(ga|gauge|g)\b/iy,
    key: (m, source) => {
      const n = num(m[1]!);
      if (n < 18 || n > 34) return null;
      // In a catalog name a gauge is written "ga" or "G"; "28 g" is grams.
      if (source === 'catalog' && m[2] === 'g') return null;
      return `${n}ga`;
    },
  },
  { kind: 'frac', re: /(\d)\s*\/\s*(\d{1,2})(?![\d.])/y, key: (m) => `${m[1]!}/${m[2]!}` },
  { kind: 'len', re: /(\d+(?:\.\d+)?)\s*mm\b/iy, key: (m) => `${fmt(num(m[1]!))}mm` },
  { kind: 'times', re: /[x×]\s*(\d+)(?![\d.]*\s*(?:mm|[x×/]))/iy, key: (m) => m[1]! },
  // "#15C" (a blade) is not "#15": after "#" the letters belong to the number, and so does one
  // letter glued to it that is no unit ("15C blade"; "20u", "30g", "1:100k", "x2" stay amounts).
  { kind: 'num', re: /(#)?(\d+(?:\.\d+)?)(?![\d.])((?<=#\d+)[a-z]+|[a-fh-jln-tvwyz](?![a-z0-9]))?/iy, key: (m) => `${m[1] ?? ''}${m[2]!}${(m[3] ?? '').toLowerCase()}` },
  { kind: 'shade', re: /([abcd][1-4](?:\.5)?)(?![a-z0-9])/iy, key: (m) => m[1]!.toLowerCase() },
  { kind: 'word', re: /([a-z][a-z0-9]*(?:[-’'][0-9]+)?\+?)/iy, key: (m) => m[1]!.toLowerCase().replace(/[-’'+]/g, '') },
];
const BREAK_SCAN: Scan = { kind: 'break', re: /([.,;!?()\n]|:(?!\s*\d)|\/(?!\d))/y, key: (m) => m[1]! };

/** The tokens of a text, in order. Catalog names read "28 g" as grams where a note's "30g" is a needle gauge. */
export function tokenize(original: string, source: Source = 'note'): NoteToken[] {
  // "w/ epi" is "with epi", not a break; same length, so offsets stay the note's.
  const text = original.replace(/\bw\/(?=\s|[a-z])/gi, 'w ');
  const raw: NoteToken[] = [];
  let i = 0;
  while (i < text.length) {
    const prev = i === 0 ? ' ' : text[i - 1]!;
    // Letters glued to a number are a word of their own ("#15C", "3M"); anything glued to a word is part of it.
    const scans = /[a-z]/i.test(prev) ? [] : /\d/.test(prev) ? SCANS.filter((s) => s.kind === 'word') : SCANS;
    let matched = false;
    for (const scan of [BREAK_SCAN, ...scans]) {
      scan.re.lastIndex = i;
      const m = scan.re.exec(text);
      if (!m || m[0].length === 0) continue;
      const key = scan.key(m, source);
      if (key === null) continue;
      const start = i;
      const end = i + m[0].length;
      if (scan.kind === 'times') raw.push({ kind: 'amount', key: `x${key}`, value: Number(key), unit: 'count', start, end });
      else if (scan.kind === 'num') raw.push({ kind: 'num', key, value: num(m[2]!), start, end, tooth: m[1] === '#' });
      else raw.push({ kind: scan.kind, key, start, end });
      i = end;
      matched = true;
      break;
    }
    if (!matched) i += 1;
  }
  return readAmounts(readNumberWordTokens(raw, text), text);
}

/** "two" -> 2, "one and a half" -> 1.5, "half a" -> 0.5; "a"/"an" -> 1; a capitalised number inside a sentence is part of a name ("Filtek One"). */
function readNumberWordTokens(tokens: NoteToken[], text: string): NoteToken[] {
  const out: NoteToken[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'word') {
      out.push(t);
      continue;
    }
    const words: string[] = [];
    for (let j = k; j < tokens.length && tokens[j]!.kind === 'word' && j < k + 6; j++) words.push(tokens[j]!.key);
    const sentenceStart = out.length === 0 || out[out.length - 1]!.kind === 'break';
    const written = text.slice(t.start, t.end);
    if (words[0] === 'half' && (words[1] === 'a' || words[1] === 'an')) {
      out.push({ kind: 'num', key: '0.5', value: 0.5, start: t.start, end: tokens[k + 1]!.end, tooth: false });
      k += 1;
      continue;
    }
    const read = /^[A-Z][a-z]+$/.test(written) && !sentenceStart ? null : readNumberWords(words);
    if (read && !(words[0] === 'a' || words[0] === 'an')) {
      let value = read.value;
      let used = read.used;
      if (words[used] === 'and' && (words[used + 1] === 'a' || words[used + 1] === 'an') && words[used + 2] === 'half') {
        value += 0.5;
        used += 3;
      }
      out.push({ kind: 'num', key: String(value), value, start: t.start, end: tokens[k + used - 1]!.end, tooth: false });
      k += used - 1;
    } else if (t.key === 'a' || t.key === 'an') {
      out.push({ kind: 'num', key: '1', value: 1, start: t.start, end: t.end, tooth: false });
    } else out.push(t);
  }
  return out;
}

/** A number followed by a unit word is an amount: "2 carps", "20u", "1.5 ml", "two carpules and a half". */
function readAmounts(tokens: NoteToken[], text: string): NoteToken[] {
  const out: NoteToken[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    const next = tokens[k + 1];
    if (t.kind === 'num' && !t.tooth && next?.kind === 'word') {
      const unit = UNIT_WORDS[stem(next.key)];
      if (unit) {
        let value = t.value;
        let end = next.end;
        let used = 1;
        const rest = tokens.slice(k + 2, k + 5).map((x) => x.key);
        if (rest[0] === 'and' && rest[1] === '1' && rest[2] === 'half') {
          value += 0.5;
          end = tokens[k + 4]!.end;
          used = 4;
        }
        out.push({ kind: 'amount', key: `${fmt(value)}${unit}`, value, unit, start: t.start, end });
        k += used;
        continue;
      }
    }
    out.push(t);
  }
  void text;
  return expandSynonyms(timesCounts(out));
}

/** "0.5 g x 2", "1 syringe x2": the count multiplies the amount before it. */
function timesCounts(tokens: NoteToken[]): NoteToken[] {
  const out: NoteToken[] = [];
  for (const t of tokens) {
    const last = out[out.length - 1];
    if (t.kind === 'amount' && t.unit === 'count' && last?.kind === 'amount' && last.unit !== 'count' && last.unit !== 'units') {
      const value = last.value * t.value;
      out[out.length - 1] = { ...last, key: `${fmt(value)}${last.unit}`, value, end: t.end };
    } else out.push(t);
  }
  return out;
}

function expandSynonyms(tokens: NoteToken[]): NoteToken[] {
  const out: NoteToken[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'word') {
      out.push(t);
      continue;
    }
    const pair = tokens[k + 1]?.kind === 'word' ? `${t.key} ${tokens[k + 1]!.key}` : '';
    const phrase = PHRASES.find(([re]) => re.test(pair));
    if (phrase) {
      const end = tokens[k + 1]!.end;
      for (const key of phrase[1]) out.push({ kind: 'word', key, start: t.start, end });
      k += 1;
      continue;
    }
    const key = stem(t.key);
    for (const word of SYNONYMS[key] ?? SYNONYMS[t.key] ?? [key]) out.push({ kind: 'word', key: word, start: t.start, end: t.end });
  }
  return out;
}

export function isBreakWord(key: string): boolean {
  return BREAK_WORDS.has(key);
}
