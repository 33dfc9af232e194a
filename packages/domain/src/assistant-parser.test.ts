import { describe, expect, it } from 'vitest';
import { CommandDraftSchema, parseAssistantCommand, type AssistantIntent, type CommandDraft, type DraftValue, type ParseOutcome } from './index';
import { findExpiry, numberWordsToDigits } from './assistant-words';

const TODAY = '2026-11-22';
type Fields = Record<string, DraftValue>;

const ready = (intent: AssistantIntent, fields: Fields): ParseOutcome => ({ kind: 'ready', draft: { intent, fields, asking: null } });
const asks = (intent: AssistantIntent, fields: Fields, field: string, question: string): ParseOutcome => ({
  kind: 'question',
  draft: { intent, fields, asking: field },
  field,
  question,
});
/** Stock drafts always carry expiry: null means the default, one year from today. */
const stock = (fields: Fields): Fields => ({ expiry: null, ...fields });
const stockReady = (fields: Fields) => ready('create_stock', stock(fields));
const stockAsks = (fields: Fields, field: string, question: string) => asks('create_stock', stock(fields), field, question);
const NOT_UNDERSTOOD: ParseOutcome = { kind: 'not_understood' };
const CANCELLED: ParseOutcome = { kind: 'cancelled' };

const septocaine = { product_name: 'Septocaine', supplier_name: 'Henry Schein' };

describe('create_stock in one sentence', () => {
  it.each<[string, ParseOutcome]>([
    [
      'add 3 boxes of Septocaine from Henry Schein at 45 dollars a box',
      stockAsks({ ...septocaine, container_quantity: 3, container: 'box', price_per_container: 45 }, 'units_per_container', 'How many units are in each box?'),
    ],
    [
      'add three boxes of Septocaine from Henry Schein at forty five dollars a box, fifty cartridges each, expiring March 2027',
      stockReady({ ...septocaine, container_quantity: 3, container: 'box', units_per_container: 50, price_per_container: 45, expiry: '2027-03-31' }),
    ],
    [
      'receive 2 packs of Nitrile gloves by Patterson for 12.50 each',
      stockAsks(
        { product_name: 'Nitrile gloves', supplier_name: 'Patterson', container_quantity: 2, container: 'pack', price_per_container: 12.5 },
        'units_per_container',
        'How many units are in each pack?',
      ),
    ],
    [
      'got a case of 12 bottles of Listerine from Benco, $89.99 per case, expires 15 March 2027',
      stockReady({ product_name: 'Listerine', supplier_name: 'Benco', container_quantity: 1, container: 'case', units_per_container: 12, price_per_container: 89.99, expiry: '2027-03-15' }),
    ],
    // Single units: each "container" is one unit.
    [
      'we got 10 units of Septocaine from Henry Schein at $2 each',
      stockReady({ ...septocaine, container_quantity: 10, container: 'unit', units_per_container: 1, price_per_container: 2 }),
    ],
    [
      'add a hundred and twenty units of gauze from Benco for 0.5 each',
      stockReady({ product_name: 'gauze', supplier_name: 'Benco', container_quantity: 120, container: 'unit', units_per_container: 1, price_per_container: 0.5 }),
    ],
    [
      'add a dozen vials of Botox supplier Allergan price 450, exp 3/27',
      stockAsks(
        { product_name: 'Botox', supplier_name: 'Allergan', container_quantity: 12, container: 'vial', price_per_container: 450, expiry: '2027-03-31' },
        'units_per_container',
        'How many units are in each vial?',
      ),
    ],
    [
      'add two dozen tubes of Fluoride varnish from Benco for $12 a tube',
      stockAsks(
        { product_name: 'Fluoride varnish', supplier_name: 'Benco', container_quantity: 24, container: 'tube', price_per_container: 12 },
        'units_per_container',
        'How many units are in each tube?',
      ),
    ],
    [
      'add twenty five boxes of Septocaine from Henry Schein, boxes of 50, price per box is 44.90',
      stockReady({ ...septocaine, container_quantity: 25, container: 'box', units_per_container: 50, price_per_container: 44.9 }),
    ],
    // "50 per box" says nothing of price or count: with the price said elsewhere it is the count.
    [
      'add 3 boxes of Septocaine, 50 per box, from Henry Schein, 45 bucks a box',
      stockReady({ ...septocaine, container_quantity: 3, container: 'box', units_per_container: 50, price_per_container: 45 }),
    ],
    [
      'add 3 boxes of 50 Septocaine from Henry Schein 45 per box',
      stockReady({ ...septocaine, container_quantity: 3, container: 'box', units_per_container: 50, price_per_container: 45 }),
    ],
    [
      'add 2 boxes of gloves, 100 gloves per box, from Patterson, at 9 dollars 50 a box, expires 2027-03-15',
      stockReady({ product_name: 'gloves', supplier_name: 'Patterson', container_quantity: 2, container: 'box', units_per_container: 100, price_per_container: 9.5, expiry: '2027-03-15' }),
    ],
    // Slashed dates are month first, as the app writes them (MM-DD-YYYY).
    [
      'add 4 boxes of Septocaine from 3M, each box has 50, $45.50 a box, best before 03/04/2027',
      stockReady({ product_name: 'Septocaine', supplier_name: '3M', container_quantity: 4, container: 'box', units_per_container: 50, price_per_container: 45.5, expiry: '2027-03-04' }),
    ],
    // ... unless the first number cannot be a month.
    [
      'stock 5 bottles of Chlorhexidine from Safco 15/03/2027',
      stockAsks(
        { product_name: 'Chlorhexidine', supplier_name: 'Safco', container_quantity: 5, container: 'bottle', expiry: '2027-03-15' },
        'units_per_container',
        'How many units are in each bottle?',
      ),
    ],
    [
      'add 3 boxes of Septocaine expiring on 5/15/2027 from Henry Schein',
      stockAsks({ ...septocaine, container_quantity: 3, container: 'box', expiry: '2027-05-15' }, 'units_per_container', 'How many units are in each box?'),
    ],
    [
      'add 4 boxes of Septocaine from Dental City expiring in two years',
      stockAsks(
        { product_name: 'Septocaine', supplier_name: 'Dental City', container_quantity: 4, container: 'box', expiry: '2028-11-22' },
        'units_per_container',
        'How many units are in each box?',
      ),
    ],
    [
      'add one box of Septocaine from Benco at 45 dollars and 50 cents, 50 in each box, expiring next year',
      stockReady({ product_name: 'Septocaine', supplier_name: 'Benco', container_quantity: 1, container: 'box', units_per_container: 50, price_per_container: 45.5, expiry: '2027-11-22' }),
    ],
    [
      'I just received six packs of Cotton rolls from Safco, 45 dollars a pack, expires March 15 2027',
      stockAsks(
        { product_name: 'Cotton rolls', supplier_name: 'Safco', container_quantity: 6, container: 'pack', price_per_container: 45, expiry: '2027-03-15' },
        'units_per_container',
        'How many units are in each pack?',
      ),
    ],
    [
      'please add 3 boxes of Septocaine from the supplier Henry Schein at 45 a box',
      stockAsks({ ...septocaine, container_quantity: 3, container: 'box', price_per_container: 45 }, 'units_per_container', 'How many units are in each box?'),
    ],
    [
      'add 3 boxes of Septocaine, supplier is Henry Schein, price 45, exp 03/2027',
      stockAsks({ ...septocaine, container_quantity: 3, container: 'box', price_per_container: 45, expiry: '2027-03-31' }, 'units_per_container', 'How many units are in each box?'),
    ],
    [
      'add 3 boxes of Septocaine from Henry Schein, 50 each, expires March 2027',
      stockAsks({ ...septocaine, container_quantity: 3, container: 'box', units_per_container: 50, expiry: '2027-03-31' }, 'price_per_container', 'What is the price per box?'),
    ],
    [
      'add 3 boxes of Septocaine from Henry Schein, 50 cartridges a box, price: $1,200',
      stockReady({ ...septocaine, container_quantity: 3, container: 'box', units_per_container: 50, price_per_container: 1200 }),
    ],
    [
      'put in 2 kits of Implant drills from Nobel, 1 per kit, 300 each',
      stockReady({ product_name: 'Implant drills', supplier_name: 'Nobel', container_quantity: 2, container: 'kit', units_per_container: 1, price_per_container: 300 }),
    ],
    [
      'add a box of Septocaine from Henry Schein, 50 cartridges per box, for free',
      stockReady({ ...septocaine, container_quantity: 1, container: 'box', units_per_container: 50, price_per_container: 0 }),
    ],
    [
      'add 2 packs of Septocaine from Henry Schein at 30 bucks a pack with 25 in each pack, use by 2027-06-30',
      stockReady({ ...septocaine, container_quantity: 2, container: 'pack', units_per_container: 25, price_per_container: 30, expiry: '2027-06-30' }),
    ],
    // A comma inside a number is not a clause break.
    [
      'add 3 boxes of Septocaine 4% with epinephrine 1:100,000 from Septodont at 45 a box',
      stockAsks(
        { product_name: 'Septocaine 4% with epinephrine 1:100,000', supplier_name: 'Septodont', container_quantity: 3, container: 'box', price_per_container: 45 },
        'units_per_container',
        'How many units are in each box?',
      ),
    ],
    [
      'add 3 boxes of Septocaine from Henry Schein costing 45.5 per box with 50 in each',
      stockReady({ ...septocaine, container_quantity: 3, container: 'box', units_per_container: 50, price_per_container: 45.5 }),
    ],
    // A total is divided by the count.
    [
      'received 3 boxes of Septocaine yesterday from Henry Schein, paid 135 for 3 boxes, 50 in each',
      stockReady({ ...septocaine, container_quantity: 3, container: 'box', units_per_container: 50, price_per_container: 45 }),
    ],
    [
      'add 4 boxes of Septocaine from Henry Schein, 50 cartridges per box, $100 in total',
      stockReady({ ...septocaine, container_quantity: 4, container: 'box', units_per_container: 50, price_per_container: 25 }),
    ],
    // Without a verb, what arrived starts the command.
    ['3 boxes of Septocaine from Henry Schein', stockAsks({ ...septocaine, container_quantity: 3, container: 'box' }, 'units_per_container', 'How many units are in each box?')],
    ['add 3 Septocaine from Henry Schein', stockAsks({ ...septocaine, container_quantity: 3 }, 'units_per_container', 'How many units are in each container?')],
    ['add Septocaine', stockAsks({ product_name: 'Septocaine' }, 'supplier_name', 'Which supplier is it from?')],
    // A capitalised number word inside a name stays a word.
    [
      'add Filtek One Bulk Fill from 3M',
      stockAsks({ product_name: 'Filtek One Bulk Fill', supplier_name: '3M' }, 'container_quantity', 'How many containers are you adding?'),
    ],
  ])('%s', (text, expected) => {
    expect(parseAssistantCommand(text, null, TODAY)).toEqual(expected);
  });
});

describe('create_product in one sentence', () => {
  it.each<[string, ParseOutcome]>([
    [
      'new product Septocaine, disposable, box of cartridges, category Anesthetics',
      ready('create_product', { name: 'Septocaine', type: 'disposable', container: 'box', basic_unit: 'cartridge', category_name: 'Anesthetics' }),
    ],
    [
      'create a new product called Septocaine in the Anesthetics category',
      asks('create_product', { name: 'Septocaine', category_name: 'Anesthetics' }, 'type', 'Is it disposable or consumable?'),
    ],
    [
      'add a product called Gauze Sponges, consumable, comes in packs, counted in items, under Surgical',
      ready('create_product', { name: 'Gauze Sponges', type: 'consumable', container: 'package', basic_unit: 'item', category_name: 'Surgical' }),
    ],
    // "carpules" are cartridges; "single use" is disposable; "by the unit" is the unit container.
    [
      'new product Septocaine carpules, single use, sold by the unit, category Anesthetics',
      ready('create_product', { name: 'Septocaine', type: 'disposable', container: 'unit', basic_unit: 'cartridge', category_name: 'Anesthetics' }),
    ],
    [
      'new product Chlorhexidine Rinse, consumable, bottle, ml, category Hygiene',
      ready('create_product', { name: 'Chlorhexidine Rinse', type: 'consumable', container: 'bottle', basic_unit: 'ml', category_name: 'Hygiene' }),
    ],
    [
      'please create a product named Prophy Paste in Hygiene, consumable, jar of grams',
      ready('create_product', { name: 'Prophy Paste', type: 'consumable', container: 'jar', basic_unit: 'gram', category_name: 'Hygiene' }),
    ],
    ['create product Septocaine', asks('create_product', { name: 'Septocaine' }, 'category_name', 'Which category does it belong to?')],
    ['add a new product', asks('create_product', {}, 'name', 'What is the product called?')],
    // Spec section 5: a product sold by the unit is counted in cartridges or items, so ml is not kept.
    [
      'new product Lidocaine in Anesthetics, disposable, sold by the unit, measured in ml',
      asks('create_product', { name: 'Lidocaine', category_name: 'Anesthetics', type: 'disposable', container: 'unit' }, 'basic_unit', 'Is it counted in cartridges or items?'),
    ],
    [
      'new product Botox, disposable, comes in a vial, category Injectables',
      asks(
        'create_product',
        { name: 'Botox', type: 'disposable', container: 'vial', category_name: 'Injectables' },
        'basic_unit',
        'What unit is it counted in, like cartridges, items, ml or grams?',
      ),
    ],
  ])('%s', (text, expected) => {
    expect(parseAssistantCommand(text, null, TODAY)).toEqual(expected);
  });
});

describe('create_supplier in one sentence', () => {
  it.each<[string, ParseOutcome]>([
    [
      'new supplier Acme Dental, email orders@acme.example, phone 512 555 0100, tax id 12-3456789, contact jane@acme.example 512 555 0101',
      ready('create_supplier', {
        name: 'Acme Dental',
        email: 'orders@acme.example',
        phone: '512 555 0100',
        tax_id: '12-3456789',
        contact_email: 'jane@acme.example',
        contact_phone: '512 555 0101',
      }),
    ],
    // Dictated: "at"/"dot" e-mail, a phone said digit by digit, an address with commas, the contact's details after "contact".
    [
      'new supplier Safco, email sales at safco dot example, phone five one two five five five zero one zero zero, tax id 98-7654321, address 12 Main St, Austin, TX, contact person Ann, email ann@safco.example, phone 512-555-0102',
      ready('create_supplier', {
        name: 'Safco',
        email: 'sales@safco.example',
        phone: '5125550100',
        tax_id: '98-7654321',
        address: '12 Main St, Austin, TX',
        contact_email: 'ann@safco.example',
        contact_phone: '512-555-0102',
      }),
    ],
    [
      'register a new distributor named Dental City, e-mail: Info@DentalCity.example, tel (512) 555-0100, EIN 74-1234567, contact email bob@dentalcity.example, contact phone +1 512 555 0111',
      ready('create_supplier', {
        name: 'Dental City',
        email: 'info@dentalcity.example',
        phone: '(512) 555-0100',
        tax_id: '74-1234567',
        contact_email: 'bob@dentalcity.example',
        contact_phone: '+1 512 555 0111',
      }),
    ],
    ['add a supplier called Benco Dental', asks('create_supplier', { name: 'Benco Dental' }, 'email', 'What is the e-mail of Benco Dental?')],
    // Unlabelled e-mail and phone are the company's.
    [
      'new vendor Patterson, orders@patterson.example, 800 555 0199',
      asks('create_supplier', { name: 'Patterson', email: 'orders@patterson.example', phone: '800 555 0199' }, 'tax_id', 'What is the tax ID of Patterson?'),
    ],
    // A tax id is never taken for a phone number.
    ['new supplier Acme Dental, tax number 12-3456789', asks('create_supplier', { name: 'Acme Dental', tax_id: '12-3456789' }, 'email', 'What is the e-mail of Acme Dental?')],
    ['create supplier', asks('create_supplier', {}, 'name', 'What is the supplier called?')],
  ])('%s', (text, expected) => {
    expect(parseAssistantCommand(text, null, TODAY)).toEqual(expected);
  });
});

describe('create_category in one sentence', () => {
  it.each<[string, ParseOutcome]>([
    ['add a category called Implants', ready('create_category', { name: 'Implants' })],
    ['new category Implants', ready('create_category', { name: 'Implants' })],
    ['create category: Orthodontics', ready('create_category', { name: 'Orthodontics' })],
    ['please create a new category named "Whitening"', ready('create_category', { name: 'Whitening' })],
    ['add a product category for Endodontics', ready('create_category', { name: 'Endodontics' })],
    ['new category', asks('create_category', {}, 'name', 'What should the category be called?')],
  ])('%s', (text, expected) => {
    expect(parseAssistantCommand(text, null, TODAY)).toEqual(expected);
  });
});

const pending: CommandDraft = { intent: 'create_stock', fields: stock({ product_name: 'Septocaine' }), asking: 'supplier_name' };
const complete: CommandDraft = { intent: 'create_category', fields: { name: 'Implants' }, asking: null };

describe('cancelling and not understanding', () => {
  it.each<[string, CommandDraft | null, ParseOutcome]>([
    ['cancel', pending, CANCELLED],
    ['stop', pending, CANCELLED],
    ['Never mind.', pending, CANCELLED],
    ['forget it', null, CANCELLED],
    ['no, cancel that please', pending, CANCELLED],
    ['hello there', null, NOT_UNDERSTOOD],
    ['what is the weather like', null, NOT_UNDERSTOOD],
    ['   ', null, NOT_UNDERSTOOD],
    // A bare name is an answer only when a question is pending.
    ['Henry Schein', null, NOT_UNDERSTOOD],
    // Nothing new said about a complete draft.
    ['hello', complete, NOT_UNDERSTOOD],
  ])('%s', (text, previous, expected) => {
    expect(parseAssistantCommand(text, previous, TODAY)).toEqual(expected);
  });
});

/** Runs a conversation: each turn gets the draft of the turn before. */
function converse(turns: readonly (readonly [string, ParseOutcome])[]) {
  let previous: CommandDraft | null = null;
  for (const [text, expected] of turns) {
    const outcome = parseAssistantCommand(text, previous, TODAY);
    expect({ text, outcome }).toEqual({ text, outcome: expected });
    previous = 'draft' in outcome ? outcome.draft : null;
    // The draft travels through the web's history and must come back valid.
    if (previous) expect(CommandDraftSchema.parse(JSON.parse(JSON.stringify(previous)))).toEqual(previous);
  }
}

const box3 = { product_name: 'Septocaine', container_quantity: 3, container: 'box' };
const SORRY = 'Sorry, I did not catch that.';

describe('follow-up answers', () => {
  it.each<{ name: string; turns: [string, ParseOutcome][] }>([
    {
      name: 'asks for each missing field in turn, in words and digits',
      turns: [
        ['add 3 boxes of Septocaine', stockAsks(box3, 'supplier_name', 'Which supplier is it from?')],
        ['Henry Schein', stockAsks({ ...box3, supplier_name: 'Henry Schein' }, 'units_per_container', 'How many units are in each box?')],
        ['fifty', stockAsks({ ...box3, supplier_name: 'Henry Schein', units_per_container: 50 }, 'price_per_container', 'What is the price per box?')],
        ['45 dollars', stockReady({ ...box3, supplier_name: 'Henry Schein', units_per_container: 50, price_per_container: 45 })],
      ],
    },
    {
      name: 'words the questions with the container said, and reads "twelve fifty" as 12.50',
      turns: [
        ['add Septocaine', stockAsks({ product_name: 'Septocaine' }, 'supplier_name', 'Which supplier is it from?')],
        [
          'from Patterson, 2 packs',
          stockAsks({ product_name: 'Septocaine', supplier_name: 'Patterson', container_quantity: 2, container: 'pack' }, 'units_per_container', 'How many units are in each pack?'),
        ],
        [
          '100 pieces',
          stockAsks(
            { product_name: 'Septocaine', supplier_name: 'Patterson', container_quantity: 2, container: 'pack', units_per_container: 100 },
            'price_per_container',
            'What is the price per pack?',
          ),
        ],
        ['twelve fifty', stockReady({ product_name: 'Septocaine', supplier_name: 'Patterson', container_quantity: 2, container: 'pack', units_per_container: 100, price_per_container: 12.5 })],
      ],
    },
    {
      name: 'merges further details said with the answer',
      turns: [
        ['add 3 boxes of Septocaine', stockAsks(box3, 'supplier_name', 'Which supplier is it from?')],
        ["it's Henry Schein, 45 dollars a box, 50 in each box", stockReady({ ...box3, supplier_name: 'Henry Schein', units_per_container: 50, price_per_container: 45 })],
      ],
    },
    {
      name: 'reads "50 cartridges" as the count asked for, not as 50 containers',
      turns: [
        [
          'add 3 boxes of Septocaine from Henry Schein at 45 dollars a box',
          stockAsks({ ...box3, supplier_name: 'Henry Schein', price_per_container: 45 }, 'units_per_container', 'How many units are in each box?'),
        ],
        ['50 cartridges', stockReady({ ...box3, supplier_name: 'Henry Schein', price_per_container: 45, units_per_container: 50 })],
      ],
    },
    {
      name: 'reads "45 per box" as the price when the price was asked for',
      turns: [
        [
          'add 3 boxes of Septocaine from Henry Schein, 50 cartridges per box',
          stockAsks({ ...box3, supplier_name: 'Henry Schein', units_per_container: 50 }, 'price_per_container', 'What is the price per box?'),
        ],
        ['45 per box', stockReady({ ...box3, supplier_name: 'Henry Schein', units_per_container: 50, price_per_container: 45 })],
      ],
    },
    {
      name: 'asks for the count without a container word, then takes bare numbers',
      turns: [
        ['add Septocaine from Henry Schein', stockAsks(septocaine, 'container_quantity', 'How many containers are you adding?')],
        ['three', stockAsks({ ...septocaine, container_quantity: 3 }, 'units_per_container', 'How many units are in each container?')],
        ['twenty', stockAsks({ ...septocaine, container_quantity: 3, units_per_container: 20 }, 'price_per_container', 'What is the price per container?')],
        ['$ 19.99', stockReady({ ...septocaine, container_quantity: 3, units_per_container: 20, price_per_container: 19.99 })],
      ],
    },
    {
      name: 'divides a total said before the count',
      turns: [
        ['add Septocaine from Henry Schein, 90 dollars in total', stockAsks({ ...septocaine, price_total: 90 }, 'container_quantity', 'How many containers are you adding?')],
        ['two boxes', stockAsks({ ...septocaine, container_quantity: 2, container: 'box', price_per_container: 45 }, 'units_per_container', 'How many units are in each box?')],
        ['50', stockReady({ ...septocaine, container_quantity: 2, container: 'box', price_per_container: 45, units_per_container: 50 })],
      ],
    },
    {
      name: 'asks again, saying so, when the answer is not understood',
      turns: [
        ['add 3 boxes of Septocaine from Henry Schein', stockAsks({ ...box3, supplier_name: 'Henry Schein' }, 'units_per_container', 'How many units are in each box?')],
        ['blue', stockAsks({ ...box3, supplier_name: 'Henry Schein' }, 'units_per_container', `${SORRY} How many units are in each box?`)],
        ["I don't know", stockAsks({ ...box3, supplier_name: 'Henry Schein' }, 'units_per_container', `${SORRY} How many units are in each box?`)],
        // "a box" here says what one holds: the 3 boxes stay.
        ['a box holds 10', stockAsks({ ...box3, supplier_name: 'Henry Schein', units_per_container: 10 }, 'price_per_container', 'What is the price per box?')],
      ],
    },
    {
      name: 'takes a correction to a complete draft',
      turns: [
        [
          'add 3 boxes of Septocaine from Henry Schein, 50 per box, at 45 dollars a box',
          stockReady({ ...box3, supplier_name: 'Henry Schein', units_per_container: 50, price_per_container: 45 }),
        ],
        ['actually 4 boxes', stockReady({ ...box3, supplier_name: 'Henry Schein', units_per_container: 50, price_per_container: 45, container_quantity: 4 })],
      ],
    },
    {
      name: 'asks for the product when only the rest was said',
      turns: [
        [
          'add 3 boxes from Henry Schein at 45 a box',
          stockAsks({ supplier_name: 'Henry Schein', container_quantity: 3, container: 'box', price_per_container: 45 }, 'product_name', 'Which product are you adding?'),
        ],
        ["it's Septocaine, 50 per box", stockReady({ ...box3, supplier_name: 'Henry Schein', price_per_container: 45, units_per_container: 50 })],
      ],
    },
    {
      name: 'starts over on a new command',
      turns: [
        ['add 3 boxes of Septocaine', stockAsks(box3, 'supplier_name', 'Which supplier is it from?')],
        ['new category Implants', ready('create_category', { name: 'Implants' })],
      ],
    },
    {
      name: 'starts over on a new command of the same kind',
      turns: [
        ['add 3 boxes of Septocaine', stockAsks(box3, 'supplier_name', 'Which supplier is it from?')],
        [
          'add 2 bottles of Listerine from Benco',
          stockAsks({ product_name: 'Listerine', supplier_name: 'Benco', container_quantity: 2, container: 'bottle' }, 'units_per_container', 'How many units are in each bottle?'),
        ],
      ],
    },
    {
      name: 'cancels a pending command',
      turns: [
        ['add 3 boxes of Septocaine', stockAsks(box3, 'supplier_name', 'Which supplier is it from?')],
        ['never mind', CANCELLED],
        ['Henry Schein', NOT_UNDERSTOOD],
      ],
    },
    {
      name: 'builds a product field by field',
      turns: [
        ['new product Septocaine', asks('create_product', { name: 'Septocaine' }, 'category_name', 'Which category does it belong to?')],
        ['Anesthetics', asks('create_product', { name: 'Septocaine', category_name: 'Anesthetics' }, 'type', 'Is it disposable or consumable?')],
        [
          "it's disposable",
          asks('create_product', { name: 'Septocaine', category_name: 'Anesthetics', type: 'disposable' }, 'container', 'What container does it come in, like a box, bottle or vial?'),
        ],
        [
          'a box',
          asks(
            'create_product',
            { name: 'Septocaine', category_name: 'Anesthetics', type: 'disposable', container: 'box' },
            'basic_unit',
            'What unit is it counted in, like cartridges, items, ml or grams?',
          ),
        ],
        ['carpules', ready('create_product', { name: 'Septocaine', category_name: 'Anesthetics', type: 'disposable', container: 'box', basic_unit: 'cartridge' })],
      ],
    },
    {
      name: 'reads a word that is both a container and a unit as the one asked for',
      turns: [
        [
          'new product Septocaine, disposable, category Anesthetics',
          asks('create_product', { name: 'Septocaine', type: 'disposable', category_name: 'Anesthetics' }, 'container', 'What container does it come in, like a box, bottle or vial?'),
        ],
        [
          'cartridges',
          asks(
            'create_product',
            { name: 'Septocaine', type: 'disposable', category_name: 'Anesthetics', container: 'cartridge' },
            'basic_unit',
            'What unit is it counted in, like cartridges, items, ml or grams?',
          ),
        ],
        ['ml', ready('create_product', { name: 'Septocaine', type: 'disposable', category_name: 'Anesthetics', container: 'cartridge', basic_unit: 'ml' })],
      ],
    },
    {
      name: 'builds a supplier field by field, naming it in each question',
      turns: [
        ['new supplier Acme Dental', asks('create_supplier', { name: 'Acme Dental' }, 'email', 'What is the e-mail of Acme Dental?')],
        ['orders@acme.example', asks('create_supplier', { name: 'Acme Dental', email: 'orders@acme.example' }, 'phone', 'What is the phone number of Acme Dental?')],
        [
          '512 555 0100',
          asks('create_supplier', { name: 'Acme Dental', email: 'orders@acme.example', phone: '512 555 0100' }, 'tax_id', 'What is the tax ID of Acme Dental?'),
        ],
        [
          '12-3456789',
          asks(
            'create_supplier',
            { name: 'Acme Dental', email: 'orders@acme.example', phone: '512 555 0100', tax_id: '12-3456789' },
            'contact_email',
            'What is the e-mail of the contact person at Acme Dental?',
          ),
        ],
        [
          'jane@acme.example, 512 555 0101',
          ready('create_supplier', {
            name: 'Acme Dental',
            email: 'orders@acme.example',
            phone: '512 555 0100',
            tax_id: '12-3456789',
            contact_email: 'jane@acme.example',
            contact_phone: '512 555 0101',
          }),
        ],
      ],
    },
    {
      name: 'asks again when the e-mail given is not one',
      turns: [
        ['new supplier Acme Dental', asks('create_supplier', { name: 'Acme Dental' }, 'email', 'What is the e-mail of Acme Dental?')],
        ['orders at acme', asks('create_supplier', { name: 'Acme Dental' }, 'email', `${SORRY} What is the e-mail of Acme Dental?`)],
      ],
    },
    {
      name: 'names a category asked for',
      turns: [
        ['add a category', asks('create_category', {}, 'name', 'What should the category be called?')],
        ['call it Implants', ready('create_category', { name: 'Implants' })],
      ],
    },
  ])('$name', ({ turns }) => {
    converse(turns);
  });
});

describe('words', () => {
  it.each<[string, string]>([
    ['three boxes at forty five dollars', '3 boxes at 45 dollars'],
    ['a hundred and twenty units', '120 units'],
    ['twenty-five', '25'],
    ['a dozen', '12'],
    ['half a dozen boxes', '6 boxes'],
    ['a couple of boxes', '2 boxes'],
    ['two thousand three hundred', '2300'],
    ['forty five point five', '45.5'],
    ['a box and a case', 'a box and a case'],
    ['Filtek One from one supplier', 'Filtek One from 1 supplier'],
    ['One box', '1 box'],
    ['one@acme.example', 'one@acme.example'],
  ])('numbers: %s', (text, expected) => {
    expect(numberWordsToDigits(text)).toBe(expected);
  });

  it.each<[string, string | null]>([
    ['expiring March 2027', '2027-03-31'],
    ['expires 03/2027', '2027-03-31'],
    ['exp 3/27', '2027-03-31'],
    ['2027-03-15', '2027-03-15'],
    ['March 15 2027', '2027-03-15'],
    ['15 March 2027', '2027-03-15'],
    ['the 15th of March, 2027', '2027-03-15'],
    ['05/06/2027', '2027-05-06'],
    ['expiry 13/05/2027', '2027-05-13'],
    ['expires February 2028', '2028-02-29'],
    ['expires in 2 years', '2028-11-22'],
    ['expires in 3 months', '2027-02-22'],
    ['expiring next year', '2027-11-22'],
    ["exp March '28", '2028-03-31'],
    ['expires December 1', '2026-12-01'],
    ['expires October 1', '2027-10-01'],
    ['expires 2028', '2028-12-31'],
    // No expiry word: a bare "3/27" or "2028" is not taken for a date.
    ['3/27', null],
    ['box of 2028', null],
    ['expires 02/30/2027', null],
  ])('dates: %s', (text, expected) => {
    expect(findExpiry(text, TODAY)?.iso ?? null).toBe(expected);
  });
});
