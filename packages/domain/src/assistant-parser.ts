import { z } from './zod';
import { EmailSchema, PhoneSchema } from './fields';
import { UNIT_CONTAINER_BASIC_UNITS } from './products';
import {
  BASIC_UNIT_WORD,
  basicUnitOf,
  CONTAINER_WORD,
  containerOf,
  COUNT_NOUN,
  DIGITS,
  digitsValue,
  findExpiry,
  numberWordsToDigits,
  pluralOf,
  PRODUCT_TYPE_WORD,
  productTypeOf,
} from './assistant-words';
import { CREATE_VERB, OPENING, sentenceKind, stockListItems } from './assistant-sentences';
import { roundToCents } from './money';

/**
 * The voice assistant's local command parser (spec sections 4 and 5), used when no AI endpoint is
 * configured. It turns typed or dictated text into a draft of one of the four create tools,
 * asking for one missing field at a time. Fields hold names, not ids: the server resolves product,
 * supplier and category names with the catalog's search and asks the user to pick when several
 * match. Like a tool call, a finished draft never writes: the web still asks for confirmation.
 *
 * Deterministic and pure: the same text, previous draft and day always give the same answer.
 */

export const ASSISTANT_INTENTS = ['create_stock', 'create_product', 'create_supplier', 'create_category'] as const;
export type AssistantIntent = (typeof ASSISTANT_INTENTS)[number];
export type DraftValue = string | number | null;

export interface CommandDraft {
  intent: AssistantIntent;
  fields: Record<string, DraftValue>;
  /** The field the last question asked for: the next text answers it first. */
  asking: string | null;
}

/** The draft as the web sends it back in the history (VoiceActionRequest's assistant turn). */
export const CommandDraftSchema = z.object({
  intent: z.enum(ASSISTANT_INTENTS),
  fields: z.record(z.string(), z.union([z.string().max(2000), z.number(), z.null()])),
  asking: z.string().max(40).nullable(),
});

/**
 * A stock list ("New stock: 3 boxes of ..., 2 packs of ...") gives the first item's outcome and
 * the other items, in order, as `queue`: each becomes a confirmation of its own after this one.
 */
export type ParseOutcome =
  | { kind: 'ready'; draft: CommandDraft; queue?: CommandDraft[] }
  | { kind: 'question'; draft: CommandDraft; field: string; question: string; queue?: CommandDraft[] }
  | { kind: 'not_understood' }
  | { kind: 'cancelled' };

/**
 * Required fields, in the order they are asked for. create_stock also keeps `expiry` (null: the
 * default, one year from today, never asked for) and, when said, `container`: the container word
 * the user used ("box", "pack"), which words the questions and is not a tool argument. A total
 * price said before the count ("135 dollars in total") waits in `price_total` until the count is
 * known; it never reaches a ready draft, since the count is asked before the price.
 */
export const ASSISTANT_REQUIRED_FIELDS: Record<AssistantIntent, readonly string[]> = {
  create_stock: ['product_name', 'supplier_name', 'container_quantity', 'units_per_container', 'price_per_container'],
  create_product: ['name', 'category_name', 'type', 'container', 'basic_unit'],
  create_supplier: ['name', 'email', 'phone', 'tax_id', 'contact_email', 'contact_phone'],
  create_category: ['name'],
};

const SORRY = 'Sorry, I did not catch that.';

type Fields = Record<string, DraftValue>;
interface ReadContext {
  /** A new command (not a follow-up): its left-over words name the thing created. */
  fresh: boolean;
  /** The field the previous question asked for, or null. */
  asking: string | null;
  /** What the draft already holds (for telling "50 per box" as a price from a count). */
  known: Fields;
  today: string;
}

export function parseAssistantCommand(text: string, previous: CommandDraft | null, today: string): ParseOutcome {
  // Line breaks are kept as ";;": a typed list may put one item on each line.
  const said = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .trim()
    .replace(/\s*[\r\n]+\s*/g, ' ;; ')
    .replace(/\s+/g, ' ');
  if (!said) return { kind: 'not_understood' };
  if (CANCEL.test(said)) return { kind: 'cancelled' };

  const command = commandIn(said, previous === null);
  if (command?.intent === 'create_stock') return stockCommand(command.rest, command.supplierName, today);
  if (command) {
    const fields = READERS[command.intent](command.rest.replace(/ ;; /g, ', '), { fresh: true, asking: null, known: {}, today });
    return outcome(command.intent, fields, false);
  }
  if (!previous) return { kind: 'not_understood' };

  // A follow-up: it answers the field asked for, and any other detail said is merged in.
  const heard = READERS[previous.intent](said.replace(/ ;; /g, ', '), { fresh: false, asking: previous.asking, known: previous.fields, today });
  if (Object.keys(heard).length === 0) {
    return previous.asking ? outcome(previous.intent, { ...previous.fields }, true) : { kind: 'not_understood' };
  }
  return outcome(previous.intent, { ...previous.fields, ...heard }, false);
}

/** A queued command (the next item of a stock list) as it stands: ready, or its first question. */
export function resumeCommand(draft: CommandDraft): ParseOutcome {
  return outcome(draft.intent, { ...draft.fields }, false);
}

/**
 * A stock command, or a list of them. A supplier said once (in the header, or with one item only)
 * is the whole delivery's: one delivery comes from one supplier, and each card shows it.
 */
function stockCommand(rest: string, supplierName: string | undefined, today: string): ParseOutcome {
  const read = (item: string) => readStock(item, { fresh: true, asking: null, known: {}, today });
  // A piece naming no product is a detail of the item before it ("..., 50 cartridges a box").
  const pieces = stockListItems(rest).reduce<string[]>((items, piece) => {
    if (items.length && read(piece).product_name === undefined) items[items.length - 1] += `, ${piece}`;
    else items.push(piece);
    return items;
  }, []);
  const items = pieces.map(read);
  const named = [...new Set(items.flatMap((f) => (typeof f.supplier_name === 'string' ? [f.supplier_name] : [])))];
  const shared = supplierName ?? (items.length > 1 && named.length === 1 ? named[0] : undefined);
  const drafts = items.map((fields) => (shared && fields.supplier_name === undefined ? { supplier_name: shared, ...fields } : fields));
  const first = outcome('create_stock', drafts[0]!, false);
  if (drafts.length === 1 || first.kind === 'not_understood' || first.kind === 'cancelled') return first;
  return { ...first, queue: drafts.slice(1).map((fields) => ({ intent: 'create_stock' as const, fields, asking: null })) };
}

// ---------------------------------------------------------------------------------------------
// Cancelling and recognising a command

/** "cancel", "stop", "never mind", "forget it", optionally with "no, ..." before and "that"/"please" after. */
const CANCEL =
  /^(?:(?:no|nope|oh|ok(?:ay)?|please|actually|just|um+|uh+)[\s,]+)*(?:cancel|stop|abort|quit|never\s*mind|forget\s+(?:it|that|about\s+it)|scratch\s+that|don't\s+bother)(?:[\s,]+(?:it|that|this|please|thanks|thank\s+you|everything|all|the\s+\w+))*[\s.!]*$/i;

/** "new category", "add a category", "create a new supplier:", "please make another product". */
const entityHead = (noun: string) => new RegExp(`${OPENING}${CREATE_VERB}\\s+(?:(?:a|an|the|another)\\s+)?(?:new\\s+)?${noun}\\b\\s*:?`, 'i');
/** Checked in this order: "add a product category" is a category, "add 3 boxes" is stock. */
const ENTITY_HEADS: readonly [AssistantIntent, RegExp][] = [
  ['create_category', entityHead(String.raw`(?:product\s+)?categor(?:y|ies)`)],
  ['create_supplier', entityHead('(?:supplier|vendor|distributor)')],
  ['create_product', entityHead('product')],
];
/**
 * Receiving stock: "add", "received", "we got", "I've just received", "stock", "put in",
 * optionally followed by "some stock of/for". Not "add it"/"got it": that answers a question.
 */
const STOCK_HEAD = new RegExp(
  `${OPENING}(?:(?:we|i)(?:'ve|\\s+have)?\\s+(?:just\\s+)?)?(?:add(?:ed)?|receiv(?:e|ed|ing)|got|stock(?:ed)?|restock(?:ed)?|put\\s+in|bring\\s+in|brought\\s+in|log|record|enter)\\b(?!\\s+(?:it|them|that|this)\\b)(?:\\s+(?:in|some|more))?(?:\\s+(?:new\\s+)?stock\\b(?:\\s+(?:of|for))?)?\\s*:?`,
  'i',
);
/** A fresh command may also start straight with what arrived: "3 boxes of Septocaine from ...". */
const HEADLESS_STOCK = new RegExp(`${OPENING}(?=(?:\\d+|a|an)\\s+(?:x\\s*)?${CONTAINER_WORD}\\b)`, 'i');

function commandIn(said: string, fresh: boolean): { intent: AssistantIntent; rest: string; supplierName?: string | undefined } | null {
  for (const [intent, head] of ENTITY_HEADS) {
    const m = head.exec(said);
    if (m) return { intent, rest: said.slice(m[0].length) };
  }
  // The kinds of sentence of assistant-sentences.ts ("I need a new category: ...", "Benco sent us ...").
  const kind = sentenceKind(said);
  if (kind) return kind;
  const stock = STOCK_HEAD.exec(said);
  if (stock) return { intent: 'create_stock', rest: said.slice(stock[0].length) };
  // Without a verb, "a box" is more likely an answer to the question asked, so only when nothing is pending.
  if (fresh) {
    const digits = numberWordsToDigits(said);
    const headless = HEADLESS_STOCK.exec(digits);
    if (headless) return { intent: 'create_stock', rest: digits.slice(headless[0].length) };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Completing the draft and asking

function outcome(intent: AssistantIntent, fields: Fields, sorry: boolean): ParseOutcome {
  tidy(intent, fields);
  const missing = ASSISTANT_REQUIRED_FIELDS[intent].find((f) => fields[f] === undefined || fields[f] === null || fields[f] === '');
  if (!missing) return { kind: 'ready', draft: { intent, fields, asking: null } };
  const question = questionFor(intent, missing, fields);
  return { kind: 'question', draft: { intent, fields, asking: missing }, field: missing, question: sorry ? `${SORRY} ${question}` : question };
}

/** Rules that hold whatever order things were said in. */
function tidy(intent: AssistantIntent, fields: Fields): void {
  if (intent === 'create_stock') {
    if (fields.expiry === undefined) fields.expiry = null;
    // Stock counted in single units ("10 units of ..."): each container holds one unit.
    const container = typeof fields.container === 'string' ? containerOf(fields.container) : null;
    if (container?.container === 'unit' && (fields.units_per_container === undefined || fields.units_per_container === null)) fields.units_per_container = 1;
    // "paid 135 for 3 boxes": the price asked for is per container.
    if (typeof fields.price_total === 'number' && typeof fields.container_quantity === 'number') {
      fields.price_per_container = money(fields.price_total / fields.container_quantity) ?? null;
      delete fields.price_total;
    }
  }
  if (intent === 'create_product' && fields.container === 'unit' && typeof fields.basic_unit === 'string') {
    // Spec section 5: a product sold by the unit is counted in cartridges or items.
    if (!(UNIT_CONTAINER_BASIC_UNITS as readonly string[]).includes(fields.basic_unit)) delete fields.basic_unit;
  }
}

function questionFor(intent: AssistantIntent, field: string, fields: Fields): string {
  switch (intent) {
    case 'create_stock': {
      const c = typeof fields.container === 'string' && fields.container ? fields.container : 'container';
      const questions: Record<string, string> = {
        product_name: 'Which product are you adding?',
        supplier_name: 'Which supplier is it from?',
        container_quantity: `How many ${pluralOf(c)} are you adding?`,
        units_per_container: `How many units are in each ${c}?`,
        price_per_container: `What is the price per ${c}?`,
      };
      return questions[field]!;
    }
    case 'create_product': {
      const questions: Record<string, string> = {
        name: 'What is the product called?',
        category_name: 'Which category does it belong to?',
        type: 'Is it disposable or consumable?',
        container: 'What container does it come in, like a box, bottle or vial?',
        basic_unit: fields.container === 'unit' ? 'Is it counted in cartridges or items?' : 'What unit is it counted in, like cartridges, items, ml or grams?',
      };
      return questions[field]!;
    }
    case 'create_supplier': {
      const name = typeof fields.name === 'string' && fields.name ? fields.name : 'the supplier';
      const questions: Record<string, string> = {
        name: 'What is the supplier called?',
        email: `What is the e-mail of ${name}?`,
        phone: `What is the phone number of ${name}?`,
        tax_id: `What is the tax ID of ${name}?`,
        contact_email: `What is the e-mail of the contact person at ${name}?`,
        contact_phone: `What is the phone number of the contact person at ${name}?`,
      };
      return questions[field]!;
    }
    case 'create_category':
      return 'What should the category be called?';
  }
}

// ---------------------------------------------------------------------------------------------
// Shared reading helpers

/**
 * The text still to read. Each recognised phrase is cut out and replaced by a clause mark (;), so
 * the words left over (a product or supplier name) never run across a phrase that was taken.
 */
class Remaining {
  constructor(public text: string) {}
  take(re: RegExp): RegExpExecArray | null {
    const m = re.exec(this.text);
    if (m) this.cut(m.index, m[0].length);
    return m;
  }
  cut(index: number, length: number, keep = ''): void {
    this.text = `${this.text.slice(0, index)} ; ${keep}${keep ? ' ; ' : ''}${this.text.slice(index + length)}`;
  }
  /** The left-over phrases, split at clause marks, commas (not those of "1:100,000") and sentence ends. */
  pieces(): string[] {
    return this.text.split(/\s*(?:;|,(?!\d{3}\b)|\.(?=\s|$)|\s-\s)\s*/);
  }
}

const set = (found: Fields, key: string, value: DraftValue | undefined) => {
  if (value !== undefined && value !== null && value !== '') found[key] = value;
};
const wholeCount = (n: number) => (Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : undefined);
const money = (n: number) => (Number.isFinite(n) && n >= 0 && n <= 10_000_000 ? roundToCents(n) : undefined);

/** Words that pad a name when said around it: "of", "the", "please", "it's", "called". */
const FILLER = new Set([
  'of', 'some', 'the', 'a', 'an', 'more', 'new', 'stock', 'our', 'please', 'thanks', 'thank', 'you', 'today', 'now', 'and', 'also', 'too',
  'to', 'into', 'in', 'inventory', 'for', 'me', 'us', 'it', 'its', "it's", 'is', 'was', 'that', "that's", 'this', 'which', 'ok', 'okay',
  'yes', 'yeah', 'um', 'uh', 'so', 'just', 'then', 'called', 'named', 'name', 'product', 'supplier', 'vendor', 'category', 'they', "they're",
  'are', 'be', 'should', 'call', 'from', 'yesterday', 'morning', 'afternoon', 'week', 'here',
]);

/** Trims filler words, quotes and punctuation off both ends of a name; inner words stay as said. */
function cleanName(piece: string): string {
  const words = piece.replace(/["“”]/g, ' ').trim().split(/\s+/).filter(Boolean);
  const bare = (w: string) => w.toLowerCase().replace(/^[^\w']+|[^\w']+$/g, '');
  while (words.length && FILLER.has(bare(words[0]!))) words.shift();
  while (words.length && FILLER.has(bare(words.at(-1)!))) words.pop();
  // A full stop ends the sentence, except after a company abbreviation ("Acme Dental Inc.").
  return words
    .join(' ')
    .replace(/^[^\w(]+|[^\w)+%.]+$/g, '')
    .replace(/(?<!\b(?:inc|ltd|co|corp|llc|bros|jr|sr|st))\.+$/i, '')
    .trim();
}
/** The first left-over phrase that still names something. */
function leftoverName(work: Remaining): string {
  for (const piece of work.pieces()) {
    const name = cleanName(piece);
    if (/\p{L}/u.test(name)) return name;
  }
  return '';
}

/**
 * Where a spoken name ends: a comma, semicolon or full stop, or a word that starts another
 * detail ("from Henry Schein at 45 dollars", "... expiring ...", "... 3 boxes").
 */
const NAME_END = String.raw`(?=\s*(?:[,;]|\.(?:\s|$)|$)|\s+(?:and\s+)?(?:at|for|@|expir\w*|exp|best|use|each|per|price\w*|cost\w*|paid|with|on|in)\b|\s+(?:and\s+)?[\d$])`;

// ---------------------------------------------------------------------------------------------
// create_stock

const AMOUNT = `(?<amount>${DIGITS})`;
/** After a price: "a box", "per pack", "/bottle", "for each box", "each"; or a total: "in total", "for everything". */
const PER_CONTAINER = String.raw`(?:\s*(?:per|a|an|each|every|/|for\s+(?:a|an|one|each|every))\s*(?<per>${CONTAINER_WORD})\b|\s+each\b|(?<total>\s+(?:in\s+)?total\b|\s+altogether\b|\s+for\s+(?:all|everything|the\s+lot)(?:\s+of\s+them)?\b))?`;
/** "paid 135 for 3 boxes" is a total too; the count itself is left for readQuantity. */
const FOR_COUNT = new RegExp(`^\\s+for\\s+(?:the\\s+|all\\s+)?\\d+\\s+${CONTAINER_WORD}\\b`, 'i');
/** Words that announce a price: "at", "for", "@", "price", "priced at", "cost", "paid", "the price per box is". */
const MONEY_LEAD = String.raw`(?:\b(?:at|for|price(?:d)?(?:\s+per\s+(?<leadper>${CONTAINER_WORD}))?|costs?|costing|paid)\b|@)(?:\s+(?:is|of|at|was))*\s*:?\s*`;

/**
 * A price with its currency: "$45", "$ 45.50", "45$", "45 dollars", "45 bucks", "45 dollars 50"
 * or "45 dollars and 50 cents" (45.50), with or without a lead word. Bare cents must be two digits
 * not followed by a container word ("45 dollars 50 boxes" is not 45.50).
 */
const PRICE_WITH_CURRENCY = new RegExp(
  `(?:${MONEY_LEAD})?(?:\\$\\s*(?<dollar>${DIGITS})|(?<amount>${DIGITS})\\s*(?:\\$|dollars?|bucks|usd)(?:\\s+(?:and\\s+)?(?<cents>\\d{1,2})\\s*cents?|\\s+(?<cents2>\\d{2})(?![\\d.]|\\s*${CONTAINER_WORD}\\b))?)${PER_CONTAINER}`,
  'i',
);
/**
 * A plain number after a price word: "at 45 a box", "for 12.50 each", "price 45". Not when a
 * container or count follows ("for 3 boxes"), and the number is read whole (no backing off to "3"
 * of "30 boxes").
 */
const PRICE_AFTER_LEAD = new RegExp(`${MONEY_LEAD}${AMOUNT}(?!\\d|[.,]\\d)(?!\\s*(?:%|${CONTAINER_WORD}\\b|${COUNT_NOUN}\\b))${PER_CONTAINER}`, 'i');
const FREE = /\b(?:for\s+free|free(?:\s+of\s+charge)?|(?:at\s+)?no\s+charge|at\s+no\s+cost)\b/i;

function readPrice(work: Remaining, found: Fields): void {
  const m = work.take(PRICE_WITH_CURRENCY) ?? work.take(PRICE_AFTER_LEAD);
  if (m?.groups) {
    const g = m.groups;
    const cents = g.cents ?? g.cents2;
    const amount = money(digitsValue(g.dollar ?? g.amount!) + (cents ? Number(cents) / 100 : 0));
    // A total is divided by the number of containers once that is known (see tidy).
    const total = g.total !== undefined || FOR_COUNT.test(m.input.slice(m.index + m[0].length));
    set(found, total ? 'price_total' : 'price_per_container', amount);
    setContainer(found, g.per ?? g.leadper);
    return;
  }
  if (work.take(FREE)) found.price_per_container = 0;
}

function setContainer(found: Fields, word: string | undefined): void {
  const spoken = word ? containerOf(word)?.spoken : undefined;
  if (spoken && found.container === undefined) found.container = spoken;
}

const COUNT_AFTER = String.raw`(?:\s*-?\s*(?:${COUNT_NOUN}|${CONTAINER_WORD})\b)?`;
/** Phrases that say how many units one container holds (each may also say how many containers). */
const UNITS_PER_CONTAINER: RegExp[] = [
  // "3 boxes of 50", "3 boxes of 50 cartridges", "2 packs with 100 pieces"
  new RegExp(`\\b(?<qty>\\d+)\\s*(?:x\\s*)?(?<c>${CONTAINER_WORD})\\s+(?:of|with|containing|holding)\\s+(?<units>\\d+)${COUNT_AFTER}(?:\\s+each)?`, 'i'),
  // "a case of 12", "an ampoule with 5": the article counts one container
  new RegExp(`\\b(?<one>a|an)\\s+(?<c>${CONTAINER_WORD})\\s+(?:of|with|containing|holding)\\s+(?<units>\\d+)${COUNT_AFTER}`, 'i'),
  // "boxes of 50 cartridges"
  new RegExp(`\\b(?<c>${CONTAINER_WORD})\\s+(?:of|with|containing|holding)\\s+(?<units>\\d+)${COUNT_AFTER}`, 'i'),
  // "each box has 50", "each pack contains 100 pieces"
  new RegExp(`\\b(?:each|every)\\s+(?<c>${CONTAINER_WORD})\\s+(?:has|holds|contains|with|is|of|having)\\s+(?<units>\\d+)${COUNT_AFTER}`, 'i'),
  // "a box holds 10", "one pack has 100": what one holds, not one more container
  new RegExp(`\\b(?:a|an|one|1|the|per)\\s+(?<c>${CONTAINER_WORD})\\s+(?:has|holds|contains|comes\\s+with)\\s+(?<units>\\d+)${COUNT_AFTER}`, 'i'),
  // "50 in each box", "with 50 in each", "100 gloves to a box"
  new RegExp(`\\b(?<units>\\d+)\\s*(?:(?<noun>[a-z]+)\\s+)?(?:in|to)\\s+(?:each|every)(?:\\s+(?<c>${CONTAINER_WORD}))?\\b`, 'i'),
  new RegExp(`\\b(?<units>\\d+)\\s*(?:(?<noun>[a-z]+)\\s+)?(?:in|to)\\s+(?:a|an|one|the)\\s+(?<c>${CONTAINER_WORD})\\b`, 'i'),
  // "50 cartridges per box", "100 gloves a box": a word between the number and "per" makes it a count, not a price
  new RegExp(`\\b(?<units>\\d+)\\s*-?\\s*(?!(?:per|a|an|each|every|in|to|of|for|at|from|by)\\b)(?<noun>[a-z]+)\\s+(?:per|a|an|each|every|/)\\s*(?<c>${CONTAINER_WORD})\\b`, 'i'),
  // "50 cartridges each"
  new RegExp(`\\b(?<units>\\d+)\\s*-?\\s*${COUNT_NOUN}\\s+each\\b`, 'i'),
];
const COUNT_OR_CONTAINER = new RegExp(`^(?:${COUNT_NOUN}|${CONTAINER_WORD})$`, 'i');

function readUnitsPerContainer(work: Remaining, found: Fields): void {
  for (const re of UNITS_PER_CONTAINER) {
    const m = re.exec(work.text);
    if (!m?.groups) continue;
    const g = m.groups;
    // "100 gloves per box": the count is taken, but "gloves" may be the product, so it stays.
    const keep = g.noun && !COUNT_OR_CONTAINER.test(g.noun) ? g.noun : '';
    work.cut(m.index, m[0].length, keep);
    set(found, 'units_per_container', wholeCount(Number(g.units)));
    if (g.qty) set(found, 'container_quantity', wholeCount(Number(g.qty)));
    if (g.one) found.container_quantity = 1;
    setContainer(found, g.c);
    return;
  }
}

/**
 * "50 per box" or "45 each" with nothing saying price or count. It answers the question asked;
 * otherwise a decimal is a price, and a whole number fills the count first, then the price.
 */
const PER_WITHOUT_KIND = [
  new RegExp(`\\b(?<n>${DIGITS})\\s*(?:per|a|an|each|every|/)\\s*(?<c>${CONTAINER_WORD})\\b`, 'i'),
  new RegExp(`\\b(?<n>${DIGITS})\\s+each\\b`, 'i'),
];
function readPerWithoutKind(work: Remaining, found: Fields, ctx: ReadContext): void {
  // At most two such phrases make sense: "1 per kit, 300 each".
  for (let i = 0; i < 2; i++) {
    const m = work.take(PER_WITHOUT_KIND[0]!) ?? work.take(PER_WITHOUT_KIND[1]!);
    if (!m?.groups) return;
    const n = digitsValue(m.groups.n!);
    const has = (key: string) => found[key] != null || ctx.known[key] != null;
    const asPrice =
      ctx.asking === 'price_per_container' ||
      (ctx.asking !== 'units_per_container' && (!Number.isInteger(n) || (has('units_per_container') && !has('price_per_container'))));
    if (asPrice) set(found, 'price_per_container', money(n));
    else set(found, 'units_per_container', wholeCount(n));
    setContainer(found, m.groups.c);
  }
}

/** "3 boxes", "10 units", "2 x packs"; "a box", "an ampoule" count one. */
const QUANTITY = [new RegExp(`\\b(?<qty>\\d+)\\s*(?:x\\s*)?(?<c>${CONTAINER_WORD})\\b`, 'i'), new RegExp(`\\b(?<one>a|an)\\s+(?<c>${CONTAINER_WORD})\\b`, 'i')];
function readQuantity(work: Remaining, found: Fields): void {
  for (const re of QUANTITY) {
    const m = work.take(re);
    if (!m?.groups) continue;
    set(found, 'container_quantity', m.groups.one ? 1 : wholeCount(Number(m.groups.qty)));
    setContainer(found, m.groups.c);
    return;
  }
}

/** "from Henry Schein", "bought from ...", "by Patterson", "supplier is Benco", "vendor: Dental City". */
const SUPPLIER = new RegExp(
  `(?:\\b(?:(?:bought|ordered|purchased|supplied|delivered|shipped)\\s+)?(?:from|by|via|through)\\s+(?:the\\s+)?(?:(?:supplier|vendor|distributor)\\s+)?|\\b(?:the\\s+)?(?:supplier|vendor|distributor)(?:'s\\s+name|\\s+name)?(?:\\s+(?:is|was))?\\s*:?\\s+)(?<name>[^\\s,;][^,;]*?)${NAME_END}`,
  'i',
);

/** A number on its own, for the question that asked for one: "fifty", "45", "3 please". */
const BARE_NUMBER = new RegExp(`(?<![\\w.$])\\$?(?<n>${DIGITS})(?![\\w%]|[.,]\\d)`, 'i');
/** The count asked for may come with its noun or container: "50", "50 cartridges", "50 per box". */
const BARE_COUNT = new RegExp(
  `(?<![\\w.])(?<n>\\d+)(?![\\w%]|[.,]\\d)${COUNT_AFTER}(?:\\s*(?:per|in\\s+each|in\\s+every|each|a|an|/)\\s*(?<c>${CONTAINER_WORD})\\b)?`,
  'i',
);
/** A price said as "forty five fifty" reads "45 50": dollars and cents, when the price was asked for. */
const SPOKEN_CENTS = /(?<![\w.$])(?<n>\d+)\s+(?<cents>\d{2})(?![\w%.,])/;
/** A fresh command may count without a container: "add 3 Septocaine from ...". */
const LEADING_COUNT = /^\s*(?<n>\d+)\s+(?:of\s+)?(?=\p{L})/iu;

function readStock(text: string, ctx: ReadContext): Fields {
  const work = new Remaining(numberWordsToDigits(text));
  const found: Fields = {};
  const expiry = findExpiry(work.text, ctx.today);
  if (expiry) {
    found.expiry = expiry.iso;
    work.cut(expiry.index, expiry.length);
  }
  readPrice(work, found);
  readUnitsPerContainer(work, found);
  readPerWithoutKind(work, found, ctx);
  if (ctx.asking === 'units_per_container' && found.units_per_container === undefined) {
    const m = work.take(BARE_COUNT);
    if (m?.groups) {
      set(found, 'units_per_container', wholeCount(Number(m.groups.n)));
      setContainer(found, m.groups.c);
    }
  }
  readQuantity(work, found);
  const supplier = work.take(SUPPLIER);
  if (supplier?.groups) set(found, 'supplier_name', cleanName(supplier.groups.name!));

  if (ctx.asking === 'container_quantity' && found.container_quantity === undefined) {
    const m = work.take(BARE_NUMBER);
    if (m?.groups) set(found, 'container_quantity', wholeCount(digitsValue(m.groups.n!)));
  }
  if (ctx.asking === 'price_per_container' && found.price_per_container === undefined) {
    const m = work.take(SPOKEN_CENTS) ?? work.take(BARE_NUMBER);
    if (m?.groups) set(found, 'price_per_container', money(digitsValue(m.groups.n!) + (m.groups.cents ? Number(m.groups.cents) / 100 : 0)));
  }
  if (ctx.fresh && found.container_quantity === undefined) {
    const m = work.take(LEADING_COUNT);
    if (m?.groups) set(found, 'container_quantity', wholeCount(Number(m.groups.n)));
  }
  // What is left names the product in a command, or the supplier or product when that was asked.
  if (ctx.fresh || ctx.asking === 'product_name') set(found, 'product_name', leftoverName(work));
  else if (ctx.asking === 'supplier_name' && found.supplier_name === undefined) set(found, 'supplier_name', leftoverName(work));
  return found;
}

// ---------------------------------------------------------------------------------------------
// create_product

/** Where a product or category name ends: punctuation, or a word that starts another detail. */
const PRODUCT_NAME_END = String.raw`(?=\s*(?:[,;]|\.(?:\s|$)|$)|\s+(?:and\s+)?(?:in|under|into|which|that|it|its|it's|as|category|type|container|basic|unit|disposable|consumable|single|comes|sold|counted|measured|packed|packaged|called|named)\b)`;
const PRODUCT_CALLED = new RegExp(`\\b(?:called|named)\\s+(?<name>[^\\s,;].*?)${PRODUCT_NAME_END}`, 'i');
const PRODUCT_TYPE = new RegExp(`\\b(?:(?:the\\s+)?type(?:\\s+is)?\\s*:?\\s*)?(?:it'?s\\s+)?(?<t>${PRODUCT_TYPE_WORD})\\b`, 'i');

/** Phrases naming the container and/or the basic unit, most explicit first. */
const PACKAGING: RegExp[] = [
  // "comes in boxes of 50 cartridges", "sold in a bottle", "packed in vials"
  new RegExp(`\\b(?:comes|come|sold|packed|packaged|supplied|shipped|delivered)\\s+(?:in|by)\\s+(?:(?:a|an|the)\\s+)?(?<c>${CONTAINER_WORD})(?:\\s+of\\s+(?:\\d+\\s+)?(?<b>${BASIC_UNIT_WORD}))?\\b`, 'i'),
  // "sold by the unit", "sold individually"
  /\b(?:sold\s+)?(?:by\s+the\s+(?<unit>unit|piece)|(?<single>individually))\b/i,
  // "container box", "the container is a bottle"
  new RegExp(`\\b(?:the\\s+)?(?:container|packaging)(?:\\s+is|\\s*:)?\\s+(?:(?:a|an)\\s+)?(?<c>${CONTAINER_WORD})\\b`, 'i'),
  // "basic unit ml", "counted in cartridges", "measured in grams"
  new RegExp(`\\b(?:(?:the\\s+)?basic\\s+unit|counted\\s+(?:in|by)|measured\\s+in|dosed\\s+in|dispensed\\s+in)(?:\\s+is|\\s*:)?\\s+(?:(?:the|a|an)\\s+)?(?<b>${BASIC_UNIT_WORD})\\b`, 'i'),
  // "a box of 50 cartridges", "box of carpules"
  new RegExp(`\\b(?:(?:a|an|per|in|by)\\s+)?(?<c>${CONTAINER_WORD})\\s+of\\s+(?:\\d+\\s+)?(?<b>${BASIC_UNIT_WORD})\\b`, 'i'),
  // "in boxes", "in ml"
  new RegExp(`\\bin\\s+(?:(?:a|an)\\s+)?(?<w>${CONTAINER_WORD}|${BASIC_UNIT_WORD})\\b`, 'i'),
];
/**
 * Container and unit words said on their own ("disposable, box, cartridges"). "can", "each",
 * "case" and one-letter units are common English words, so they count only in the phrases above.
 */
const LONE_WORD = new RegExp(`(?<![\\w'-])(?!(?:can|cans|each|case|cases|g|gr)\\b)(?<w>${CONTAINER_WORD}|${BASIC_UNIT_WORD})(?![\\w'-])`, 'gi');
const CATEGORY_CLAUSE = [
  new RegExp(`\\b(?:in|under|into)\\s+(?:the\\s+)?(?:category\\s+)?(?<cat>[^\\s,;].*?)(?:\\s+category\\b)?${PRODUCT_NAME_END}`, 'i'),
  new RegExp(`\\bcategor(?:y|ised|ized)(?:\\s+(?:is|as|of))?\\s*:?\\s+(?<cat>[^\\s,;].*?)${PRODUCT_NAME_END}`, 'i'),
];

/** A word that can be both: "cartridges"/"tubes" fill the basic unit first (dental stock is counted in cartridges). */
function placeWord(found: Fields, word: string, prefer: 'container' | 'basic_unit' | null): void {
  const container = containerOf(word)?.container;
  const unit = basicUnitOf(word);
  if (container && unit) {
    const first = prefer ?? (found.basic_unit === undefined ? 'basic_unit' : 'container');
    if (first === 'container' && found.container === undefined) found.container = container;
    else if (found.basic_unit === undefined) found.basic_unit = unit;
    else if (found.container === undefined) found.container = container;
  } else if (container && found.container === undefined) found.container = container;
  else if (unit && found.basic_unit === undefined) found.basic_unit = unit;
}

function readProduct(text: string, ctx: ReadContext): Fields {
  const work = new Remaining(text);
  const found: Fields = {};
  const called = work.take(PRODUCT_CALLED);
  if (called?.groups) set(found, 'name', cleanName(called.groups.name!));
  const type = work.take(PRODUCT_TYPE);
  if (type?.groups) set(found, 'type', productTypeOf(type.groups.t!));

  for (const re of PACKAGING) {
    const m = work.take(re);
    if (!m?.groups) continue;
    const g = m.groups;
    if (g.unit || g.single) found.container ??= 'unit';
    if (g.c) placeWord(found, g.c, 'container');
    if (g.b) placeWord(found, g.b, 'basic_unit');
    if (g.w) placeWord(found, g.w, ctx.asking === 'container' ? 'container' : null);
  }
  for (const re of CATEGORY_CLAUSE) {
    const m = work.take(re);
    if (m?.groups) {
      set(found, 'category_name', cleanName(m.groups.cat!));
      break;
    }
  }
  // Lone words: clear ones first, then the words that may be either ("cartridges").
  const lone = [...work.text.matchAll(LONE_WORD)];
  const prefer = ctx.asking === 'container' || ctx.asking === 'basic_unit' ? ctx.asking : null;
  for (const pass of [false, true]) {
    for (const m of lone) {
      const w = m.groups!.w!;
      if (Boolean(containerOf(w) && basicUnitOf(w)) === pass) placeWord(found, w, prefer);
    }
  }
  if (lone.length) work.text = work.text.replace(LONE_WORD, ' ; ');

  if (ctx.fresh || ctx.asking === 'name') set(found, 'name', found.name ?? leftoverName(work));
  else if (ctx.asking === 'category_name' && found.category_name === undefined) set(found, 'category_name', leftoverName(work));
  return found;
}

// ---------------------------------------------------------------------------------------------
// create_supplier

type SupplierLabel = 'contact_email' | 'contact_phone' | 'contact' | 'email' | 'phone' | 'tax_id' | 'address' | 'name';
/**
 * The labels that introduce a supplier's details. One alternative per label, as a named group;
 * the text from one label to the next is that label's segment.
 */
const SUPPLIER_LABEL = new RegExp(
  [
    String.raw`(?<contact_email>\bcontact(?:\s+person)?(?:'s)?\s+e-?mail(?:\s+address)?)`,
    String.raw`(?<contact_phone>\bcontact(?:\s+person)?(?:'s)?\s+(?:phone|tel|telephone|mobile|cell|number)(?:\s+number)?)`,
    String.raw`(?<contact>\bcontact(?:\s+(?:person|details|info|information))?)`,
    String.raw`(?<email>\be-?mail(?:\s+address)?)`,
    String.raw`(?<tax_id>\b(?:tax(?:\s*(?:id|identification))?(?:\s*(?:number|no\.?))?|tin|ein|vat(?:\s+(?:id|number|no\.?))?))`,
    String.raw`(?<phone>\b(?:phone|tel|telephone|mobile|cell)(?:\s+number)?|\bnumber)`,
    String.raw`(?<address>\b(?:address|located\s+at|based\s+at))`,
    String.raw`(?<name>\b(?:called|named|name))`,
  ]
    .map((alt) => `${alt}(?:\\s+(?:is|are))?\\s*[:=]?`)
    .join('|'),
  'gi',
);
const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
/** A phone number: digits with spaces, dots, dashes or brackets, at least 7 digits (checked after). */
const PHONE = /(?<![\w@.])\+?\(?\d[\d\s().-]{5,}\d(?![\w@])/g;
/** Dictated e-mails: "jane at acme dot example" -> "jane@acme.example". */
const SPOKEN_EMAIL = /\b([a-z0-9._%+-]+)\s+at\s+([a-z0-9-]+(?:\s+dot\s+[a-z0-9-]+)+)\b/gi;

function emailsIn(text: string): string[] {
  return [...text.matchAll(EMAIL)].flatMap((m) => {
    const checked = EmailSchema.safeParse(m[0].replace(/\.$/, ''));
    return checked.success ? [checked.data] : [];
  });
}
function phonesIn(text: string): string[] {
  return [...text.replace(EMAIL, ' ').matchAll(PHONE)].flatMap((m) => {
    // The phone rule allows digits, spaces, +, - and brackets: dots become dashes. A number said
    // digit by digit ("five one two ...", written "5 1 2 ...") is written without the spaces.
    const phone = m[0]
      .replace(/\./g, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/\b(\d) (?=\d\b)/g, '$1');
    const digits = phone.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15 && PhoneSchema.safeParse(phone).success ? [phone] : [];
  });
}
/** A segment's own text up to its first comma or semicolon: a tax id or a name. */
const firstClause = (segment: string) => cleanName(segment.split(/[,;]/)[0] ?? '');

function readSupplier(text: string, ctx: ReadContext): Fields {
  const said = numberWordsToDigits(text).replace(SPOKEN_EMAIL, (_, user: string, domain: string) => `${user}@${domain.replace(/\s+dot\s+/gi, '.')}`);
  const segments: { label: SupplierLabel | 'lead'; text: string }[] = [];
  let from = 0;
  let label: SupplierLabel | 'lead' = 'lead';
  let contactSaid = false;
  for (const m of said.matchAll(SUPPLIER_LABEL)) {
    segments.push({ label, text: said.slice(from, m.index) });
    label = Object.entries(m.groups!).find(([, v]) => v !== undefined)![0] as SupplierLabel;
    // Company details come first: after "contact Jane Doe", "email ..." and "phone ..." are hers.
    if (label === 'contact') contactSaid = true;
    if (contactSaid && label === 'email') label = 'contact_email';
    if (contactSaid && label === 'phone') label = 'contact_phone';
    from = m.index + m[0].length;
  }
  segments.push({ label, text: said.slice(from) });

  const found: Fields = {};
  const looseEmails: string[] = [];
  const loosePhones: string[] = [];
  for (const { label, text: seg } of segments) {
    const emails = emailsIn(seg);
    const phones = phonesIn(seg);
    const takeEmail = (key: string) => (emails.length ? set(found, key, emails.shift()) : undefined);
    const takePhone = (key: string) => (phones.length ? set(found, key, phones.shift()) : undefined);
    switch (label) {
      case 'email':
        takeEmail('email');
        break;
      case 'phone':
        takePhone('phone');
        break;
      case 'contact_email':
        takeEmail('contact_email');
        break;
      case 'contact_phone':
        takePhone('contact_phone');
        break;
      case 'contact':
        takeEmail('contact_email');
        takePhone('contact_phone');
        break;
      case 'tax_id':
        set(found, 'tax_id', firstClause(seg));
        continue;
      case 'address':
        set(found, 'address', seg.replace(/^[\s,;:]+|[\s,;.]+$/g, ''));
        continue;
      case 'name':
        // "called Acme Dental"; a later "name" (the contact's) never replaces the supplier's.
        if (found.name === undefined) set(found, 'name', firstClause(seg));
        break;
      case 'lead': {
        // Before any label: the supplier's name in a command, or the plain answer to the question.
        const cut = Math.min(...[seg.search(/[,;]/), seg.search(EMAIL), seg.search(PHONE)].filter((i) => i >= 0), seg.length);
        // "Acme Dental with e-mail ...": the words that join the name to its first detail are not the name's.
        const answer = cleanName(seg.slice(0, cut).replace(/\s+(?:with|and|having|whose|their|its|at)(?:\s+(?:the|an?|their|its))?\s*$/i, ''));
        if (ctx.fresh || ctx.asking === 'name') set(found, 'name', found.name ?? answer);
        else if (ctx.asking === 'tax_id') {
          // "12-3456789" looks like a phone number too: the answer's first clause is the tax id.
          const [taxId = '', ...others] = seg.split(/[,;]/);
          set(found, 'tax_id', firstClause(taxId));
          phones.splice(0, phones.length, ...phonesIn(others.join(',')));
          emails.splice(0, emails.length, ...emailsIn(others.join(',')));
        } else if (ctx.asking === 'address') {
          set(found, 'address', seg.replace(/^[\s,;:]+|[\s,;.]+$/g, ''));
          continue;
        }
        break;
      }
    }
    looseEmails.push(...emails);
    loosePhones.push(...phones);
  }
  // Unlabelled e-mails and phones fill the company's first, then the contact's; an answer fills what was asked first.
  const order = (company: string, contact: string) => (ctx.asking === contact ? [contact, company] : [company, contact]);
  for (const [values, keys] of [
    [looseEmails, order('email', 'contact_email')],
    [loosePhones, order('phone', 'contact_phone')],
  ] as const) {
    for (const key of keys) {
      if (!values.length) break;
      const free = found[key] === undefined && (ctx.known[key] == null || ctx.asking === key);
      if (free) found[key] = values.shift()!;
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// create_category

/** "called Implants", "named: Orthodontics", "for implants", "call it Implants", "the name is Implants". */
const CATEGORY_NAME_LEAD = /^\s*(?:(?:it's|it\s+is|it\s+should\s+be|the\s+(?:category\s+)?name\s+is|the\s+category\s+is|name\s+it|call\s+it|called|named|for)\b\s*)*[:\-–]?\s*/i;

function readCategory(text: string, ctx: ReadContext): Fields {
  // After the draft is complete, a further remark does not rename the category.
  if (!ctx.fresh && ctx.asking !== 'name') return {};
  const name = text
    .replace(CATEGORY_NAME_LEAD, '')
    .replace(/[\s,]*\b(?:please|thanks|thank\s+you|now|today|for\s+(?:me|us))[.!?]*$/i, '')
    .replace(/^["'“]+|["'”.!?]+$/g, '')
    .trim();
  return name ? { name } : {};
}

const READERS: Record<AssistantIntent, (text: string, ctx: ReadContext) => Fields> = {
  create_stock: readStock,
  create_product: readProduct,
  create_supplier: readSupplier,
  create_category: readCategory,
};
