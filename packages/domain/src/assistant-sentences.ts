import { CONTAINER_WORD, numberWordsToDigits } from './assistant-words';

/**
 * The kinds of sentence the local parser (assistant-parser.ts) takes as the start of a command,
 * beyond the plain "add ..."/"new supplier ..." heads: a wish for a new record ("I need a new
 * category: ..."), a name said before what it is ("add Acme Dental as a supplier"), a supplier's
 * e-mail, a supplier as the subject of a delivery ("Benco sent us ..."), stock put "into stock",
 * and a header announcing a list of stock ("New stock: ..."). Each rule reads the shape of the
 * sentence, so other wordings of the same kind are understood too. Pure, no I/O.
 */

export type SentenceIntent = 'create_stock' | 'create_product' | 'create_supplier' | 'create_category';

export interface SentenceKind {
  intent: SentenceIntent;
  /** The words still to read for the command's fields. */
  rest: string;
  /** Said once for the whole sentence: the supplier of a delivery. */
  supplierName?: string;
}

/** Polite or filler openings before a command: "please", "can you", "ok so", "I'd like to". */
export const OPENING = String.raw`^(?:(?:hey|hi|ok(?:ay)?|so|um+|uh+|please|can you|could you|would you|will you|i want to|i need to|i'd like to|i would like to|let's|lets|go ahead and|just|also|now|and)[\s,]+)*`;
export const CREATE_VERB = String.raw`(?:add|create|make|register|set\s*up|enter|new)`;

const ENTITY_NOUNS: readonly [SentenceIntent, string][] = [
  ['create_category', String.raw`(?:product\s+)?categor(?:y|ies)`],
  ['create_supplier', '(?:supplier|vendor|distributor)'],
  ['create_product', 'product'],
];
const ARTICLE = String.raw`(?:a|an|the|another|one|our|my|this|some)`;
/** "I need", "we'd like to add", "there's", "can we have", "let's create": someone wants a record made. */
const WANTS = String.raw`(?:(?:i|we)(?:'d|\s+would|'ll|\s+will)?\s+(?:really\s+|also\s+|just\s+)?(?:need|want|like|have|got|get)\s+(?:to\s+(?:have|get|add|create|make|set\s*up|enter|register|open)\s+)?|(?:there's|there\s+is|here's|here\s+is|this\s+is|(?:can|could|may)\s+(?:we|i)\s+(?:have|get|add|create|make)|let's\s+(?:have|add|create|make))\s+)`;
const COPULA = String.raw`(?:is|should\s+be|will\s+be|to\s+be|becomes?)`;
/** A wh- or yes/no question asks about records; it never makes one. */
const QUESTION = /^(?:how|what|which|when|where|why|who|do|does|did|is|are|was|were|has|have)\b.*\?\s*$|^(?:how|what|which|when|where|why|who)\b/i;

/** A name said before what it is: a few words, no digits, no e-mail, no "from"/"by" (those belong to stock). */
const NAME = String.raw`(?<name>[^,;:@$\d]+?)`;
const NOT_A_NAME = new RegExp(String.raw`\b(?:from|by|via|of|with|into|to|in)\b|^\s*(?:a|an|one|some)\s+${CONTAINER_WORD}\b`, 'i');
const cleanLead = (name: string) => name.trim().replace(/^(?:the|a|an|our|my)\s+/i, '');

/** The sentence shapes that ask for a record, built once per noun. */
const ENTITY_SHAPES = ENTITY_NOUNS.map(([intent, noun]) => ({
  intent,
  // "I need a new category: Implants", "we have a new supplier Acme Dental", "the new category is Implants".
  wanted: new RegExp(`${OPENING}(?:${WANTS}(?:${ARTICLE}\\s+)?(?:new\\s+)?|(?:the|our|a)\\s+new\\s+)${noun}\\b(?:\\s+${COPULA})?\\s*[:,\\-–]?\\s*`, 'i'),
  // "Add Acme Dental as a new supplier, ...", "make Implants a category", "Implants should be a new category",
  // and "add Benco supplier with e-mail ..." (the noun right after the name, then its details).
  named: [
    new RegExp(`${OPENING}${CREATE_VERB}\\s+${NAME}(?:\\s+(?:as|${COPULA}))?\\s+(?:${ARTICLE}\\s+)?(?:new\\s+)?${noun}\\b\\s*[:\\-–]?`, 'i'),
    new RegExp(`${OPENING}${NAME}\\s+(?:${COPULA}|as)\\s+(?:${ARTICLE}\\s+)?(?:new\\s+)?${noun}\\b\\s*[:\\-–]?`, 'i'),
    new RegExp(`${OPENING}${CREATE_VERB}\\s+${NAME}\\s+${noun}\\b(?=\\s*(?:[,:;]|$)|\\s+(?:with|whose|their|its|e-?mail)\\b)\\s*:?`, 'i'),
  ],
}));

function entityKind(said: string): SentenceKind | null {
  for (const { intent, wanted, named } of ENTITY_SHAPES) {
    const wish = wanted.exec(said);
    if (wish) return { intent, rest: said.slice(wish[0].length) };
    for (const shape of named) {
      const m = shape.exec(said);
      if (m?.groups?.name && !NOT_A_NAME.test(m.groups.name)) return { intent, rest: `${cleanLead(m.groups.name)} ${said.slice(m[0].length)}`.trim() };
    }
  }
  return null;
}

/** An e-mail, written or dictated ("orders at acme dot com"): stock is never said with one. */
const SAYS_EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|\b[a-z0-9._%+-]+\s+at\s+[a-z0-9-]+(?:\s+dot\s+[a-z0-9-]+)+\b/i;
const COUNTED = new RegExp(`\\b(?:\\d+|a|an)\\s*(?:x\\s*)?${CONTAINER_WORD}\\b|\\$\\s*\\d|\\d\\s*(?:dollars?|bucks)\\b`, 'i');
const CREATE_HEAD = new RegExp(`${OPENING}(?:${CREATE_VERB}|put\\s+in)\\s+(?:(?:a|an|the|our)\\s+)?(?:new\\s+)?`, 'i');

/** "add Acme Dental, orders@acme.example, 512 555 0100": a name with an e-mail is a supplier. */
function supplierByEmail(said: string): SentenceKind | null {
  if (!SAYS_EMAIL.test(said) || COUNTED.test(numberWordsToDigits(said))) return null;
  const head = CREATE_HEAD.exec(said);
  return head ? { intent: 'create_supplier', rest: said.slice(head[0].length) } : null;
}

/** Who may be the subject of a delivery without being a supplier's name. */
const PRONOUN = /^(?:they|he|she|it|someone|somebody|the\s+(?:supplier|vendor|distributor|rep|courier)|our\s+(?:supplier|vendor|distributor|rep))$/i;
/**
 * "Henry Schein sent us ...", "Benco just delivered: ...", "Patterson has shipped over ...": the
 * subject is the supplier. Not "we sent ..." (that leaves the clinic) nor "sent back" (a return).
 */
const DELIVERED = new RegExp(
  `${OPENING}(?<who>[^,;:@$\\d]+?)\\s+(?:(?:has|have|just|already|finally|also|today)\\s+)*(?:sent|delivered|shipped|dropped\\s+off|brought)(?!\\s+back\\b)(?:\\s+(?:us|me|over|in|through|today|the\\s+following))*\\b\\s*[:\\-–]?`,
  'i',
);

function deliveryKind(said: string): SentenceKind | null {
  const m = DELIVERED.exec(said);
  if (!m?.groups) return null;
  const who = m.groups.who!.trim();
  if (/^(?:i|we|you)\b/i.test(who) || NOT_A_NAME.test(who) || who.split(/\s+/).length > 6) return null;
  const rest = said.slice(m[0].length);
  return PRONOUN.test(who) ? { intent: 'create_stock', rest } : { intent: 'create_stock', rest, supplierName: cleanLead(who) };
}

/**
 * "put 3 boxes of Septocaine into stock", "these go into inventory", "book two vials into stock":
 * the phrase and the verb before what was put are dropped, the rest reads as stock.
 */
const INTO_STOCK = /\s*\b(?:(?:goes|go|went|going|should\s+go|can\s+go)\s+)?(?:into|to|onto|in)\s+(?:the\s+|our\s+)?(?:stock(?:room)?|inventory|storage)\b/i;
const PUT_VERB = new RegExp(
  `${OPENING}(?:(?:we|i)(?:'ll|\\s+will|'ve|\\s+have)?\\s+(?:just\\s+)?)?(?:put|place[d]?|add(?:ed)?|book(?:ed)?|take|took|move[d]?|bring|brought|enter(?:ed)?|log(?:ged)?|record(?:ed)?|receiv(?:e|ed)|get|got|check(?:ed)?\\s+in|stock(?:ed)?)\\b\\s*`,
  'i',
);

function intoStockKind(said: string): SentenceKind | null {
  const m = INTO_STOCK.exec(said);
  if (!m) return null;
  const verb = PUT_VERB.exec(said);
  // "in stock" needs a putting verb ("put it in stock"); "into stock" is enough on its own.
  if (!verb && /^\s*in\b/i.test(m[0].replace(/^\s*(?:goes|go|went|going|should\s+go|can\s+go)\s+/i, ''))) return null;
  const without = `${said.slice(0, m.index)} ${said.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim();
  const lead = PUT_VERB.exec(without);
  return { intent: 'create_stock', rest: lead ? without.slice(lead[0].length) : without };
}

/**
 * A header before a colon (or a line break) that announces stock: "New stock:", "Today's
 * delivery from Benco:", "Stock received today -", "The following arrived:". What follows is read
 * as one item or a list of them.
 */
const STOCK_NOUN = /\b(?:stock|deliver(?:y|ies)|shipments?|orders?|arrivals?|supplies|the\s+following|incoming)\b/i;
const HEADER_SUPPLIER = /\b(?:from|by)\s+(?:the\s+)?(?:(?:supplier|vendor|distributor)\s+)?(?<name>[^,;:]+?)\s*(?:today|this\s+(?:morning|afternoon|week))?\s*$/i;

function listHeaderKind(said: string): SentenceKind | null {
  const m = /^(?<head>[^:;]{1,80}?)\s*(?::|;;|\s[-–]\s)\s*/.exec(said);
  if (!m?.groups) return null;
  const head = m.groups.head!;
  if (!STOCK_NOUN.test(head) || COUNTED.test(numberWordsToDigits(head)) || head.split(/\s+/).length > 10) return null;
  if (ENTITY_NOUNS.some(([, noun]) => new RegExp(`\\b${noun}\\b`, 'i').test(head))) return null;
  const supplier = HEADER_SUPPLIER.exec(head)?.groups?.name;
  const rest = said.slice(m[0].length);
  return supplier ? { intent: 'create_stock', rest, supplierName: cleanLead(supplier) } : { intent: 'create_stock', rest };
}

/** The command a sentence of one of these kinds starts, or null. Checked after the plain heads. */
export function sentenceKind(said: string): SentenceKind | null {
  if (QUESTION.test(said)) return null;
  return entityKind(said) ?? supplierByEmail(said) ?? listHeaderKind(said) ?? deliveryKind(said) ?? intoStockKind(said);
}

/**
 * A new item of a stock list starts after a separator (comma, semicolon, line, "and", "plus")
 * with a count and a container: "..., 2 packs of gloves and a bottle of Listerine". A count
 * followed by "per"/"each"/"holds" is a detail of the item before ("..., 50 units per box").
 */
const ITEM_START = new RegExp(
  `(?:\\s*(?:;;|[;,])\\s*|\\s+(?:and|plus|as\\s+well\\s+as)\\s+|\\s*,\\s*(?:and|plus)\\s+)(?:[-*•]\\s*|\\d+[.)]\\s+)?(?=(?:\\d+|a|an)\\s*(?:x\\s*)?${CONTAINER_WORD}\\b(?!\\s*(?:per|each|every|(?:in|to)\\s+(?:each|every|a|an|one)|(?:a|an)\\s+${CONTAINER_WORD}|holds?|has|contains?|comes)\\b))`,
  'gi',
);
/** Lists longer than this are cut: each item is a confirmation of its own. */
export const ASSISTANT_LIST_MAX = 20;

/** The items of a stock list (one when it is not a list), number words already written as digits. */
export function stockListItems(rest: string): string[] {
  const text = numberWordsToDigits(rest);
  const lines = text.split(/\s*;;\s*/).map((l) => l.replace(/^(?:[-*•]|\d+[.)])\s+/, '').trim()).filter(Boolean);
  const pieces = lines.flatMap((line) => line.split(ITEM_START).map((p) => p.trim()).filter(Boolean));
  return pieces.length > 1 ? pieces.slice(0, ASSISTANT_LIST_MAX) : [text.replace(/\s*;;\s*/g, ', ')];
}
