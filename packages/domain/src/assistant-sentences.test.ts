import { describe, expect, it } from 'vitest';
import { CommandDraftSchema, parseAssistantCommand, resumeCommand, type AssistantIntent, type CommandDraft, type DraftValue, type ParseOutcome } from './index';

/** The kinds of sentence of assistant-sentences.ts, each said in wordings other than the examples. */
const TODAY = '2026-11-22';
type Fields = Record<string, DraftValue>;
const parse = (text: string) => parseAssistantCommand(text, null, TODAY);
/** The intent and fields of an outcome, without the question's wording. */
const gist = (o: ParseOutcome) => ('draft' in o ? { intent: o.draft.intent, fields: o.draft.fields } : { kind: o.kind });

describe('stock put "into stock"', () => {
  it.each<[string, Fields]>([
    ['Put 4 boxes of Septocaine into stock from Henry Schein, 45 dollars a box', { product_name: 'Septocaine', supplier_name: 'Henry Schein', container_quantity: 4, container: 'box', price_per_container: 45 }],
    ['please place two vials of Botox from Allergan in stock', { product_name: 'Botox', supplier_name: 'Allergan', container_quantity: 2, container: 'vial' }],
    // A name after a comma is not taken for the supplier: it is asked for.
    ['BOOK A CASE OF 12 BOTTLES OF LISTERINE INTO INVENTORY, BENCO', { product_name: 'LISTERINE', container_quantity: 1, container: 'case', units_per_container: 12 }],
    ['six packs of nitrile gloves go into the stockroom, supplier Patterson', { product_name: 'nitrile gloves', supplier_name: 'Patterson', container_quantity: 6, container: 'pack' }],
    ["we'll take 10 units of Septocaine into stock at $2 each", { product_name: 'Septocaine', container_quantity: 10, container: 'unit', units_per_container: 1, price_per_container: 2 }],
  ])('%s', (text, fields) => {
    expect(gist(parse(text))).toEqual({ intent: 'create_stock', fields: { expiry: null, ...fields } });
  });
});

describe('"<supplier> sent us ..."', () => {
  it.each<[string, Fields]>([
    ['Patterson sent us three boxes of gauze, 200 per box, at 12 dollars a box', { supplier_name: 'Patterson', product_name: 'gauze', container_quantity: 3, container: 'box', units_per_container: 200, price_per_container: 12 }],
    ['Dental City has just delivered 2 packs of bibs for $30 a pack', { supplier_name: 'Dental City', product_name: 'bibs', container_quantity: 2, container: 'pack', price_per_container: 30 }],
    ['benco shipped over a box of 50 Septocaine', { supplier_name: 'benco', product_name: 'Septocaine', container_quantity: 1, container: 'box', units_per_container: 50 }],
    // A pronoun names no supplier: it is asked for.
    ['They delivered 5 vials of Botox', { product_name: 'Botox', container_quantity: 5, container: 'vial' }],
  ])('%s', (text, fields) => {
    expect(gist(parse(text))).toEqual({ intent: 'create_stock', fields: { expiry: null, ...fields } });
  });

  it('asks for the supplier when the subject is a pronoun', () => {
    expect(parse('the rep brought in 2 boxes of gloves')).toMatchObject({ kind: 'question', question: 'Which supplier is it from?' });
  });
});

describe('stock lists', () => {
  it.each<[string, Fields[]]>([
    [
      'Incoming stock: 3 boxes of Septocaine, two packs of gloves and a bottle of Listerine',
      [
        { product_name: 'Septocaine', container_quantity: 3, container: 'box' },
        { product_name: 'gloves', container_quantity: 2, container: 'pack' },
        { product_name: 'Listerine', container_quantity: 1, container: 'bottle' },
      ],
    ],
    [
      "Today's delivery from Henry Schein:\n- Two boxes of Septocaine, 50 per box, $45 a box\n- 1 case of 12 bottles of Listerine",
      [
        { supplier_name: 'Henry Schein', product_name: 'Septocaine', container_quantity: 2, container: 'box', units_per_container: 50, price_per_container: 45 },
        { supplier_name: 'Henry Schein', product_name: 'Listerine', container_quantity: 1, container: 'case', units_per_container: 12 },
      ],
    ],
    [
      // The supplier said with one item is the whole delivery's.
      'stock received - 4 boxes of gauze at 10 a box plus 2 tubes of varnish, all from Benco',
      [
        { supplier_name: 'Benco', product_name: 'gauze', container_quantity: 4, container: 'box', price_per_container: 10 },
        { supplier_name: 'Benco', product_name: 'varnish', container_quantity: 2, container: 'tube' },
      ],
    ],
    [
      'Safco delivered: 2 boxes of bibs; 3 rolls of sterilisation tape',
      [
        { supplier_name: 'Safco', product_name: 'bibs', container_quantity: 2, container: 'box' },
        { supplier_name: 'Safco', product_name: 'sterilisation tape', container_quantity: 3, container: 'roll' },
      ],
    ],
  ])('%s', (text, items) => {
    const outcome = parse(text);
    const queue = 'queue' in outcome ? (outcome.queue ?? []) : [];
    expect([gist(outcome), ...queue.map(resumeCommand).map(gist)]).toEqual(items.map((fields) => ({ intent: 'create_stock', fields: { expiry: null, ...fields } })));
    // Each queued item travels in the history and comes back valid.
    for (const draft of queue) expect(CommandDraftSchema.parse(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it.each<[string, Fields]>([
    // Details after a comma stay with their item: "50 cartridges a box" is not a second item.
    ['new stock: 3 boxes of Septocaine, 50 cartridges a box, from Henry Schein', { product_name: 'Septocaine', supplier_name: 'Henry Schein', container_quantity: 3, container: 'box', units_per_container: 50 }],
    ['add 2 packs of gloves, a pack holds 100, Patterson', { product_name: 'gloves', container_quantity: 2, container: 'pack', units_per_container: 100 }],
  ])('one item with its details: %s', (text, fields) => {
    const outcome = parse(text);
    expect(outcome).not.toHaveProperty('queue');
    expect(gist(outcome)).toMatchObject({ intent: 'create_stock', fields });
  });
});

describe('records asked for in a sentence of their own', () => {
  it.each<[string, AssistantIntent, Fields]>([
    ['We need another category: Orthodontics', 'create_category', { name: 'Orthodontics' }],
    ["I'd like a new category called Whitening", 'create_category', { name: 'Whitening' }],
    ['could we have a category for Endodontics?', 'create_category', { name: 'Endodontics' }],
    ['The new category is Pediatrics.', 'create_category', { name: 'Pediatrics' }],
    ['Make Surgical Kits a category please', 'create_category', { name: 'Surgical Kits' }],
    ['Hygiene should be a new category', 'create_category', { name: 'Hygiene' }],
    ['Add Dental City as our new supplier', 'create_supplier', { name: 'Dental City' }],
    ['There is a new vendor, Safco Dental Supply', 'create_supplier', { name: 'Safco Dental Supply' }],
    ["let's create a new product called Zorcaine, disposable", 'create_product', { name: 'Zorcaine', type: 'disposable' }],
  ])('%s', (text, intent, fields) => {
    expect(gist(parse(text))).toEqual({ intent, fields });
  });

  it('asks for the name when only the wish was said', () => {
    expect(parse('I need a new category')).toEqual({ kind: 'question', draft: { intent: 'create_category', fields: {}, asking: 'name' }, field: 'name', question: 'What should the category be called?' });
  });
});

describe('a supplier with its e-mail in one sentence', () => {
  it.each<[string, Fields]>([
    ['Add Patterson Dental as a supplier, e-mail orders@patterson.example', { name: 'Patterson Dental', email: 'orders@patterson.example' }],
    ['add our new vendor Dental City with email sales@dentalcity.example', { name: 'Dental City', email: 'sales@dentalcity.example' }],
    ['Add Benco, orders@benco.example, 570 555 0100', { name: 'Benco', email: 'orders@benco.example', phone: '570 555 0100' }],
    ['create Safco distributor with e-mail info at safco dot example', { name: 'Safco', email: 'info@safco.example' }],
    ['We have a new supplier, Darby Dental; their email is hello@darby.example', { name: 'Darby Dental', email: 'hello@darby.example' }],
  ])('%s', (text, fields) => {
    const outcome = parse(text);
    expect(gist(outcome)).toEqual({ intent: 'create_supplier', fields });
    // It goes on to the supplier's next detail, never to "Which supplier is it from?".
    expect(outcome).toMatchObject({ kind: 'question', field: 'phone' in fields ? 'tax_id' : 'phone' });
  });
});

describe('sentences that are none of these kinds', () => {
  it.each<string>([
    'How many boxes of Septocaine do we have in stock?',
    'what categories do we have',
    'Is Benco a new supplier?',
    'We sent 3 boxes of gloves to the other location',
    'Benco sent back the invoice',
    'the stock looks low today',
    'orders@benco.example',
    'Henry Schein delivered',
  ])('%s', (text) => {
    const outcome = parse(text);
    // Not understood, or a question: never a ready command made from a guess.
    expect(outcome.kind === 'not_understood' || outcome.kind === 'question').toBe(true);
    if (outcome.kind === 'question') expect(outcome.draft.intent).toBe('create_stock');
  });

  it('keeps a follow-up answer an answer', () => {
    const pending: CommandDraft = { intent: 'create_stock', fields: { expiry: null, product_name: 'Septocaine' }, asking: 'supplier_name' };
    expect(gist(parseAssistantCommand('Henry Schein', pending, TODAY))).toEqual({ intent: 'create_stock', fields: { expiry: null, product_name: 'Septocaine', supplier_name: 'Henry Schein' } });
  });
});
