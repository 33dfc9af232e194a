import type { Product } from './products';
import { isBreakWord, SPEC_KINDS, STOP_WORDS, tokenize, type AmountUnit, type NoteToken, type SpecKind } from './case-note-words';

/**
 * Issue 55: from a visit's case note, propose the products it used, matched to the location's
 * catalog by their names, brands, sizes and shades, with quantities in each product's stock unit.
 * A local matcher that needs no AI key; when a match is unsure it proposes nothing, because a
 * wrong line on the tray costs the clinician more than a missing one.
 */

export type CaseNoteCatalogEntry = Pick<Product, 'id' | 'name' | 'brand' | 'manufacturer_code' | 'type' | 'container' | 'basic_unit' | 'weight_or_volume'>;

/** A line of the visit's treatment design: preferred when the note is ambiguous, and its quantity is the default when the note gives none. */
export interface CaseNoteDesignLine {
  product_id: string;
  quantity: number;
}

export interface NoteSpan {
  text: string;
  start: number;
  end: number;
}

export interface ProposedLine {
  product_id: string;
  /** In the product's stock unit: items, cartridges, syringes, or a fraction of a tube, bottle or vial. */
  quantity: number;
  /** Where the note names it (with its amount), in order; offsets into the note. */
  words: NoteSpan[];
}

export interface ProposeTrayOptions {
  design?: readonly CaseNoteDesignLine[];
}

// Tuned on bench/case-notes/notes.json only (the held-out set was not looked at).
/** A match must name the product by at least this much (a rare word, or two common ones). */
const MIN_SCORE = 3.2;
/** Some matched word must be this rare (idf): "gloves" alone names no product. */
const MIN_ANCHOR = 2.3;
/** The runner-up must be this far behind, or the match is unsure. */
const MARGIN = 1.0;
/** Unmatched words of a product count a little against it, so "Juvederm Ultra" is not "Ultra Plus". */
const UNMATCHED_WEIGHT = 0.08;
/**
 * Words of clinical prose that some product names also hold ("isolation", "full face", "points"):
 * they add to a match but cannot make one.
 */
const PROSE = new Set(['isolation', 'fill', 'point', 'full', 'face', 'chemical', 'reinforced', 'light', 'cure', 'fast', 'regular', 'set', 'clear', 'plain', 'heavy', 'soft', 'medium', 'small', 'large', 'dry', 'socket', 'wound', 'root', 'canal', 'temporary', 'professional', 'universal', 'body', 'enamel', 'self', 'oral', 'dental', 'tip', 'sterile', 'original', 'advanced', 'care', 'paste', 'gel', 'solution', 'spray', 'refill', 'kit', 'restorative', 'material', 'flowable', 'bulk', 'total', 'lines', 'line', 'upper', 'lower', 'standard', 'pro', 'plus', 'rinse',
  // Words of a visit's story: the reason, the stage, the site ("ext for ortho", "primary stability", "cover screw").
  'ortho', 'primary', 'secondary', 'cover', 'final', 'initial', 'bonding', 'surgical', 'anterior', 'posterior', 'buccal', 'lingual', 'palatal', 'labial', 'occlusal', 'deep', 'left', 'right']);
const NEGATIONS = new Set(['no', 'not', 'without', 'declined', 'deferred', 'avoided', 'none']);

interface IndexedProduct {
  entry: CaseNoteCatalogEntry;
  keys: Set<string>;
  /** The first word of its name and of its brand: a name's own word, where later words may be prose. */
  heads: Set<string>;
  /** The words of its name alone (not its brand, sizes or numbers). */
  nameWords: Set<string>;
  specs: Map<SpecKind, Set<string>>;
  /** What one stock unit holds, when the name or weight_or_volume says: 100 (units), 1 (ml), 4 (g). */
  content: { units?: number; ml?: number; g?: number };
}

interface Index {
  products: IndexedProduct[];
  idf: Map<string, number>;
}

function indexCatalog(catalog: readonly CaseNoteCatalogEntry[]): Index {
  const products = catalog.map((entry): IndexedProduct => {
    // "(Box of 36)" says how it is sold, not what it is.
    const name = entry.name.replace(/\((?:box|pack|case|bag|sleeve|roll) of [^)]*\)/gi, ' ');
    const keys = new Set<string>();
    const nameWords = new Set(tokenize(name, 'catalog').filter((t) => t.kind === 'word' && !STOP_WORDS.has(t.key)).map((t) => t.key));
    const firstWord = (text: string) => tokenize(text, 'catalog').find((t) => t.kind === 'word' && !STOP_WORDS.has(t.key))?.key;
    const heads = new Set([firstWord(name), firstWord(entry.brand)].filter((k): k is string => k !== undefined));
    const specs = new Map<SpecKind, Set<string>>();
    const content: IndexedProduct['content'] = {};
    for (const t of tokenize(`${name} . ${entry.brand}`, 'catalog')) {
      if (t.kind === 'amount') {
        if (t.unit === 'units') {
          content.units = t.value;
          keys.add(t.key);
        } else if (t.unit === 'ml' || t.unit === 'g') content[t.unit] = t.value;
        continue;
      }
      if (t.kind === 'break' || STOP_WORDS.has(t.key)) continue;
      keys.add(t.key);
      // "Blade #15" is also written "15 blade".
      if (t.kind === 'num' && t.key.startsWith('#')) keys.add(t.key.slice(1));
      if ((SPEC_KINDS as readonly string[]).includes(t.kind)) {
        const kind = t.kind as SpecKind;
        specs.set(kind, (specs.get(kind) ?? new Set()).add(t.key));
      }
    }
    if (entry.manufacturer_code) keys.add(entry.manufacturer_code.toLowerCase());
    const wov = entry.weight_or_volume;
    if (wov) {
      if (entry.basic_unit === 'ml' || entry.basic_unit === 'cartridge') content.ml ??= wov;
      if (entry.basic_unit === 'gram') content.g ??= wov;
    }
    return { entry, keys, heads, nameWords, specs, content };
  });
  const df = new Map<string, number>();
  for (const p of products) for (const k of p.keys) df.set(k, (df.get(k) ?? 0) + 1);
  // Weights are scaled so a word only one product holds weighs the same in a catalog of any size
  // (the thresholds above were tuned on the 304-product demo catalog, where it weighs ln 305).
  const scale = Math.log(305) / Math.log(products.length + 1 || 2);
  const idf = new Map<string, number>();
  for (const [k, n] of df) idf.set(k, scale * Math.log((products.length + 1) / n));
  return { products, idf };
}

type Run = NoteToken[];

/** Runs of product words: words the catalog knows, with sizes, shades and strengths; glue words pass, anything else ends the run. */
function productRuns(tokens: readonly NoteToken[], index: Index): { runs: Run[]; ends: number[] } {
  const runs: Run[] = [];
  let run: Run = [];
  const close = () => {
    if (run.some((t) => t.kind === 'word')) runs.push(run);
    run = [];
  };
  tokens.forEach((t, k) => {
    const spec = (SPEC_KINDS as readonly string[]).includes(t.kind);
    const known = index.idf.has(t.key);
    if (t.kind === 'word' && STOP_WORDS.has(t.key) && !isBreakWord(t.key)) return;
    // A bracket names the same thing again or is part of its name: "articaine 4% (Septocaine)", "Radiesse (+) lidocaine".
    if (t.kind === 'break' && (t.key === '(' || t.key === ')')) return;
    if (t.kind === 'word' && known && !isBreakWord(t.key)) run.push(t);
    else if (spec) run.push(t);
    else if (t.kind === 'num' && known && ((!t.tooth && run.length > 0 && run[run.length - 1]!.kind === 'word') || index.idf.has(tokens[k + 1]?.key ?? ''))) run.push(t);
    else if (t.kind === 'amount' && t.unit === 'units' && known) run.push(t);
    else close();
  });
  close();
  return { runs, ends: [] };
}

interface Scored {
  product: IndexedProduct;
  score: number;
  matched: NoteToken[];
}

function scoreRun(run: readonly NoteToken[], index: Index): Scored[] {
  const runSpecs = new Map<SpecKind, Set<string>>();
  for (const t of run) if ((SPEC_KINDS as readonly string[]).includes(t.kind)) runSpecs.set(t.kind as SpecKind, (runSpecs.get(t.kind as SpecKind) ?? new Set()).add(t.key));
  const scored: Scored[] = [];
  for (const product of index.products) {
    const matched = run.filter((t) => product.keys.has(t.key));
    if (!matched.some((t) => t.kind === 'word' && t.key.length > 1 && !PROSE.has(t.key) && (index.idf.get(t.key) ?? 0) >= MIN_ANCHOR)) continue;
    // A size, shade or gauge the note names must be the product's, when the product has one.
    let agrees = true;
    for (const [kind, keys] of runSpecs) {
      const own = product.specs.get(kind);
      if (own && ![...keys].some((k) => own.has(k))) agrees = false;
    }
    if (!agrees) continue;
    const keys = new Set(matched.map((t) => t.key));
    let score = 0;
    for (const k of keys) score += index.idf.get(k) ?? 0;
    for (const k of product.keys) if (!keys.has(k) && !/^\d/.test(k)) score -= UNMATCHED_WEIGHT * (index.idf.get(k) ?? 0);
    scored.push({ product, score, matched });
  }
  return scored.sort((a, b) => b.score - a.score);
}

interface Mention {
  product: IndexedProduct;
  tokens: NoteToken[];
  start: number;
  end: number;
  amounts: Extract<NoteToken, { kind: 'amount' | 'num' }>[];
  /** "total 44u": the sum the note states, which wins over the sites' amounts. */
  totals: Extract<NoteToken, { kind: 'amount' | 'num' }>[];
  /** Matched on one word that may be prose: kept only with an amount beside it. */
  weak?: boolean;
}

interface Unsure {
  group: Scored[];
}

export function proposeTray(note: string, catalog: readonly CaseNoteCatalogEntry[], options: ProposeTrayOptions = {}): ProposedLine[] {
  const index = indexCatalog(catalog);
  const design = new Map((options.design ?? []).map((l) => [l.product_id, l.quantity]));
  const tokens = tokenize(note);
  const { runs } = productRuns(tokens, index);
  const mentions: Mention[] = [];
  const unsure: Unsure[] = [];
  for (const run of runs) {
    let rest = [...run];
    for (let guard = 0; guard < 4 && rest.some((t) => t.kind === 'word'); guard++) {
      // A word many products share ("gloves") names the design's product, and no other.
      const scored = scoreRun(rest, index).filter((s) => matchedScore(s, index) >= MIN_SCORE || design.has(s.product.entry.id));
      const best = scored[0];
      if (!best) break;
      const group = scored.filter((s) => s.score > best.score - MARGIN);
      // A lone word must also cover enough of the product's name ("closed" is not Power Chain II
      // Closed Gray), unless it names a product of the design ("Septocaine", "gloves").
      const lone = new Set(best.matched.filter((t) => t.kind === 'word').map((t) => t.key)).size < 2;
      if (best.score < MIN_SCORE && lone && !group.some((s) => design.has(s.product.entry.id))) break;
      const taken = group.length === 1 ? best : settle(group, scored, design);
      const used = new Set((taken ? taken.matched : group.flatMap((s) => s.matched)).map((t) => t.start));
      if (taken) mentions.push({ ...mentionOf(taken), weak: weak(taken, design) });
      else unsure.push({ group });
      rest = rest.filter((t) => !used.has(t.start));
    }
  }
  // An unsure match between products of one brand the note already names elsewhere is settled by it ("BLX ... healing abutment").
  const brands = new Set(mentions.map((m) => m.product.entry.brand));
  for (const { group } of unsure) {
    const same = group.filter((s) => brands.has(s.product.entry.brand));
    if (same.length === 1) mentions.push(mentionOf(same[0]!));
  }
  mentions.sort((a, b) => a.start - b.start);
  const kept = mentions.filter((m) => !negated(tokens, m) && !echoes(m, mentions));
  assignAmounts(tokens, kept);
  return linesOf(kept.filter((m) => !m.weak || m.amounts.length > 0 || m.totals.length > 0), design, note);
}

/**
 * Of close matches, the one whose every name word the note says ("Juvederm Ultra XC" is not Ultra
 * Plus XC, even when the design holds Ultra Plus), else the one the design holds; else none.
 */
function settle(group: readonly Scored[], scored: readonly Scored[], design: ReadonlyMap<string, number>): Scored | null {
  const whole = group.filter((s) => [...s.product.nameWords].every((k) => s.matched.some((t) => t.key === k)));
  if (whole.length === 1) return whole[0]!;
  // The design's product matched on the same words counts as close, however long its name ("gloves": Evolve 300 Nitrile Exam Gloves Small).
  const words = (s: Scored) => [...new Set(s.matched.map((t) => t.key))].sort().join(' ');
  const designed = scored.filter((s) => design.has(s.product.entry.id) && (group.includes(s) || words(s) === words(group[0]!)));
  return designed.length === 1 ? designed[0]! : null;
}

/**
 * A match on one word that is not how the product's name or brand begins ("screw" of Tapered
 * Screw-Vent, "prep" of Alcohol Prep Pads, "check" of Sure-Check) is as likely the visit's story:
 * it stands only with an amount beside it ("gauze x2") or when the design holds the product.
 */
function weak(s: Scored, design: ReadonlyMap<string, number>): boolean {
  if (design.has(s.product.entry.id) || s.matched.some((t) => t.kind !== 'word')) return false;
  const words = new Set(s.matched.map((t) => t.key));
  return words.size === 1 && !s.product.heads.has([...words][0]!);
}

/** A lone word that another line of the note already names more fully: "4-0 chromic gut ... sutures out in 10 days". */
function echoes(m: Mention, mentions: readonly Mention[]): boolean {
  const words = new Set(m.tokens.map((t) => t.key));
  if (words.size !== 1 || m.tokens.some((t) => t.kind !== 'word')) return false;
  const [word] = [...words];
  return mentions.some((o) => o.product !== m.product && o.product.keys.has(word!) && new Set(o.tokens.map((t) => t.key)).size > 1);
}

function matchedScore(s: Scored, index: Index): number {
  let score = 0;
  for (const k of new Set(s.matched.map((t) => t.key))) score += index.idf.get(k) ?? 0;
  return score;
}

function mentionOf(s: Scored): Mention {
  const starts = s.matched.map((t) => t.start);
  const ends = s.matched.map((t) => t.end);
  return { product: s.product, tokens: s.matched, start: Math.min(...starts), end: Math.max(...ends), amounts: [], totals: [] };
}

function negated(tokens: readonly NoteToken[], m: Mention): boolean {
  const at = tokens.findIndex((t) => t.start >= m.start);
  for (let k = at - 1; k >= Math.max(0, at - 3); k--) {
    const t = tokens[k]!;
    if (t.kind === 'break') break;
    if (NEGATIONS.has(t.key)) return true;
  }
  // "Hylenex available, not used"
  const from = tokens.findIndex((t) => t.start >= m.end);
  const after: string[] = [];
  for (let k = from === -1 ? tokens.length : from; k < tokens.length && after.length < 7; k++) {
    if (tokens[k]!.kind === 'break' && ['.', ';', '\n'].includes(tokens[k]!.key)) break;
    after.push(tokens[k]!.key);
  }
  return /\b(?:not (?:used|needed|placed|required|given)|to be (?:ordered|delivered|placed|made)|discussed|planned|deferred|avoided|next visit)\b/.test(after.join(' '));
}

/** Counted in whole things (items, cartridges), not measured out of a tube or bottle. */
function discrete(p: IndexedProduct): boolean {
  return p.entry.basic_unit === 'item' || p.entry.basic_unit === 'cartridge';
}

/** Which amounts a product can be counted in. */
function fits(unit: AmountUnit, p: IndexedProduct): boolean {
  const { basic_unit: basic, container } = p.entry;
  switch (unit) {
    case 'cartridge':
      return basic === 'cartridge' || container === 'cartridge';
    case 'syringe':
      return basic === 'item' || container === 'tube' || container === 'cartridge' || container === 'unit';
    case 'vial':
      return container === 'vial' || container === 'bottle' || container === 'jar' || basic === 'item';
    case 'units':
      return p.content.units !== undefined;
    case 'ml':
      return p.content.ml !== undefined;
    case 'g':
      return p.content.g !== undefined;
    case 'count':
      return true;
  }
}

/** The amount in the product's stock unit. */
function stockQuantity(amount: Extract<NoteToken, { kind: 'amount' | 'num' }>, p: IndexedProduct): number {
  if (amount.kind === 'num') return amount.value;
  switch (amount.unit) {
    case 'units':
      return amount.value / p.content.units!;
    case 'ml':
      // Anesthetic is given in cartridges of 1.7-1.8 ml: "3.6 ml" is two.
      if (p.entry.basic_unit === 'cartridge') return Math.round((2 * amount.value) / p.content.ml!) / 2;
      return amount.value / p.content.ml!;
    case 'g':
      return amount.value / p.content.g!;
    case 'cartridge':
    case 'syringe':
    case 'vial':
    case 'count':
      return amount.value;
  }
}

/**
 * Gives each amount of a sentence to the nearest product it can count: "two carpules of
 * Septocaine", "Septocaine x2", "a BLX". A bare number counts only right before a product's words.
 */
function assignAmounts(tokens: readonly NoteToken[], mentions: Mention[]): void {
  const position = (offset: number) => tokens.findIndex((t) => t.start >= offset);
  const sentenceOf = (k: number) => {
    let n = 0;
    for (let j = 0; j < k; j++) if (tokens[j]!.kind === 'break' && ['.', '\n', ';'].includes(tokens[j]!.key)) n++;
    return n;
  };
  const places = mentions.map((m) => ({ m, from: position(m.start), to: position(m.end) === -1 ? tokens.length : position(m.end), sentence: sentenceOf(position(m.start)) }));
  const used = new Set(mentions.flatMap((m) => m.tokens.map((t) => t.start)));
  tokens.forEach((t, k) => {
    if ((t.kind !== 'amount' && t.kind !== 'num') || used.has(t.start)) return;
    if (t.kind === 'num' && t.tooth) return;
    // Toxin units are often listed site by site, sentences after the product: "glabella 20u, forehead 10u each side".
    const units = t.kind === 'amount' && t.unit === 'units';
    let best: { m: Mention; gap: number } | null = null;
    for (const place of places) {
      if (!units && place.sentence !== sentenceOf(k)) continue;
      if ((t.kind === 'num' || (t.kind === 'amount' && t.unit === 'count')) && !discrete(place.m.product)) continue;
      if (t.kind === 'amount' && !fits(t.unit, place.m.product)) continue;
      const before = k < place.from;
      const gap = before ? gapBetween(tokens, k + 1, place.from) : gapBetween(tokens, place.to, k);
      // A bare number is a count only right before the product ("2 Bio-Gide", "a healing abutment").
      if (t.kind === 'num' && !(before && gap === 0)) continue;
      // An amount with a unit that fits the product may sit further away ("Arestin placed #3 D and #2 M, 2 cartridges").
      if (gap > (t.kind === 'amount' && t.unit !== 'count' ? 8 : 4) && !units) continue;
      if (!best || gap < best.gap || (gap === best.gap && before)) best = { m: place.m, gap };
    }
    if (!best) return;
    const previous = tokens[k - 1]?.key;
    const after = tokens.slice(k + 1, k + 3).map((x) => x.key).join(' ');
    if (units && previous === 'total') best.m.totals.push(t);
    else if (t.kind === 'amount' && /^(each side|per side|bilateral|bilat)/.test(after)) best.m.amounts.push({ ...t, value: t.value * 2 });
    else best.m.amounts.push(t);
  });
}

/** Tokens between two places that are not glue words; a comma counts as two. */
function gapBetween(tokens: readonly NoteToken[], from: number, to: number): number {
  let gap = 0;
  for (let j = from; j < to; j++) {
    const t = tokens[j]!;
    if (t.kind === 'word' && STOP_WORDS.has(t.key)) continue;
    gap += t.kind === 'break' ? 2 : 1;
  }
  return gap;
}

function linesOf(mentions: readonly Mention[], design: ReadonlyMap<string, number>, note: string): ProposedLine[] {
  const lines = new Map<string, { quantity: number | null; total: number | null; words: NoteSpan[] }>();
  for (const m of mentions) {
    const id = m.product.entry.id;
    const units = m.amounts.filter((a) => a.kind === 'amount' && a.unit === 'units');
    // A cartridge counted in carpules and in ml ("1.8 ml (1 carp)"): the carpules.
    // Cartridges given at several sites add up ("2 carps IANB + 1 carp buccal").
    const own = m.amounts.filter((a) => a.kind === 'amount' && a.unit === 'cartridge');
    // A counted item's "0.3 ml" or "0.5 g" is its size when a count is given too ("0.3 ml insulin syringes x2").
    const counts = discrete(m.product) ? m.amounts.filter((a) => a.kind === 'num' || a.unit === 'count' || a.unit === 'syringe' || a.unit === 'vial') : [];
    const amounts = m.totals.length > 0 ? m.totals.slice(0, 1) : units.length > 0 ? units : own.length > 0 ? own : counts.length > 0 ? counts.slice(0, 1) : m.amounts.slice(0, 1);
    const quantity = amounts.length > 0 ? amounts.reduce((sum, a) => sum + stockQuantity(a, m.product), 0) : null;
    const line = lines.get(id) ?? { quantity: null, total: null, words: [] };
    if (m.totals.length > 0) line.total = quantity;
    else line.quantity = quantity === null ? line.quantity : (line.quantity ?? 0) + quantity;
    line.words.push(...spansOf([m, ...amounts], note));
    lines.set(id, line);
  }
  const out: ProposedLine[] = [];
  for (const [id, line] of lines) {
    const product = mentions.find((m) => m.product.entry.id === id)!.product;
    // No amount read: the design's quantity, else one of a counted item; a tube or bottle's share cannot be guessed.
    const quantity = line.total ?? line.quantity ?? design.get(id) ?? (discrete(product) ? 1 : null);
    if (quantity === null || quantity <= 0) continue;
    out.push({ product_id: id, quantity: Math.round(quantity * 1000) / 1000, words: line.words });
  }
  return out;
}

/** The product's words and its amounts' words, joined where only a few characters part them ("two carpules of Septocaine"). */
function spansOf(parts: readonly { start: number; end: number }[], note: string): NoteSpan[] {
  const sorted = [...parts].sort((a, b) => a.start - b.start);
  const spans: { start: number; end: number }[] = [];
  for (const p of sorted) {
    const last = spans[spans.length - 1];
    if (last && p.start - last.end <= 4) last.end = Math.max(last.end, p.end);
    else spans.push({ start: p.start, end: p.end });
  }
  return spans.map((s) => ({ text: note.slice(s.start, s.end), start: s.start, end: s.end }));
}
