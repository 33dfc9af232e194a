import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_MESSAGES, type AssistantTurn, type VoiceActionResponse } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createCategory, createProduct, createSupplier, createUser } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { wav } from '../../../test/fixtures/openai-assistant-stand-in';

/** The assistant without an AI endpoint: typed commands through the built-in parser, names looked up in the location. */
let t: TestApp;
let world: World;
let ids: { carbocaine: string; schein: string; anesthetics: string };
beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t.db);
  const location = world.own.org.locations[0]!.id;
  const carbocaine = await createProduct(t.db, { companyId: location, name: 'Carbocaine 3% Mepivacaine Plain' });
  await createProduct(t.db, { companyId: location, name: 'Gauze Sponges 2x2' });
  await createProduct(t.db, { companyId: location, name: 'Gauze Sponges 4x4' });
  const schein = await createSupplier(t.db, { companyId: location, name: 'Henry Schein Dental' });
  const anesthetics = await createCategory(t.db, { companyId: location, name: 'Anesthetics' });
  ids = { carbocaine: carbocaine.id, schein: schein.id, anesthetics: anesthetics.id };
});
afterAll(async () => t.close());

const token = () => t.tokenFor(world.own.users.company_member);
async function say(text: string | null, history: AssistantTurn[] = []): Promise<VoiceActionResponse> {
  const res = await t.request({ method: 'POST', url: '/api/voice-actions', token: token(), payload: { request: { ...(text ? { text } : {}), history } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VoiceActionResponse;
}
/** The history the web keeps after a turn. */
const after = (history: AssistantTurn[], text: string | null, answer: VoiceActionResponse): AssistantTurn[] => [
  ...history,
  ...(text ? [{ role: 'user' as const, text }] : []),
  { role: 'assistant' as const, text: answer.text, tool_call: answer.tool_call, draft: answer.draft },
];

describe('the assistant without an AI endpoint', () => {
  it('says it works on typed text, and refuses speech plainly', async () => {
    expect((await t.request({ method: 'GET', url: '/api/voice-actions/mode', token: token() })).json()).toEqual({ mode: 'local' });
    const spoken = await t.request({ method: 'POST', url: '/api/voice-actions', token: token(), payload: { request: { audio: { data: wav().toString('base64'), format: 'wav' }, history: [] } } });
    expect(spoken.statusCode).toBe(409);
    expect(spoken.json().message).toBe(ASSISTANT_MESSAGES.speechNeedsSetup);
  });

  it('turns a complete stock command into a create_stock call with the location’s ids and names', async () => {
    const answer = await say('add 2 boxes of Carbocaine from Henry Schein at 45 dollars a box, 50 per box, expiring March 2027');
    expect(answer).toMatchObject({
      mode: 'local',
      heard: 'add 2 boxes of Carbocaine from Henry Schein at 45 dollars a box, 50 per box, expiring March 2027',
      tool_call: { name: 'create_stock', arguments: { product_id: ids.carbocaine, supplier_id: ids.schein, container_quantity: 2, price_per_container: 45, units_per_container: 50, expiry: '2027-03-31' } },
      display: { product_name: 'Carbocaine 3% Mepivacaine Plain', supplier_name: 'Henry Schein Dental' },
    });
  });

  it('asks for what is missing, then carries on from the answer', async () => {
    const first = await say('add three boxes of carbocaine from henry schein');
    expect(first.tool_call).toBeNull();
    expect(first.text).toBe('How many units are in each box?');
    let history = after([], 'add three boxes of carbocaine from henry schein', first);
    const second = await say('fifty', history);
    expect(second.text).toBe('What is the price per box?');
    history = after(history, 'fifty', second);
    const third = await say('forty five dollars', history);
    expect(third.tool_call).toMatchObject({ name: 'create_stock', arguments: { container_quantity: 3, units_per_container: 50, price_per_container: 45, product_id: ids.carbocaine } });
  });

  it('asks the user to pick an ambiguous product, then proposes the stock with the pick', async () => {
    const text = 'add 4 boxes of gauze sponges from Henry Schein at 12 dollars a box, 200 per box';
    const first = await say(text);
    expect(first.tool_call).toMatchObject({ name: 'select_product', arguments: { search: 'gauze sponges' } });
    const history: AssistantTurn[] = [
      ...after([], text, first),
      { role: 'tool', tool_call_id: first.tool_call!.id, name: 'select_product', content: 'Selected Gauze Sponges 4x4', data: { product_id: ids.carbocaine, name: 'Gauze Sponges 4x4' } },
    ];
    const second = await say(null, history);
    expect(second.tool_call).toMatchObject({ name: 'create_stock', arguments: { product_id: ids.carbocaine, supplier_id: ids.schein, container_quantity: 4, units_per_container: 200, price_per_container: 12 } });
  });

  it('creates categories, suppliers and products by command, and a result ends the command', async () => {
    expect((await say('new category Implants')).tool_call).toMatchObject({ name: 'create_category', arguments: { name: 'Implants' } });
    const supplier = await say('new supplier Acme Dental, email orders@acme.example, phone 512 555 0100, tax id 12-3456789, contact email jane@acme.example, contact phone 512 555 0101');
    expect(supplier.tool_call).toMatchObject({ name: 'create_supplier', arguments: { name: 'Acme Dental', email: 'orders@acme.example', tax_id: '12-3456789', contact_email: 'jane@acme.example' } });
    const product = await say('new product Zorcaine cartridges, disposable, box, category Anesthetics');
    expect(product).toMatchObject({ tool_call: { name: 'create_product', arguments: { name: 'Zorcaine', category_id: ids.anesthetics, container: 'box', type: 'disposable' } }, display: { category_name: 'Anesthetics' } });

    const done = await say(null, [...after([], 'new category Implants', await say('new category Implants')), { role: 'tool', tool_call_id: 'x', name: 'create_category', content: ASSISTANT_MESSAGES.categoryCreated }]);
    expect(done).toMatchObject({ text: ASSISTANT_MESSAGES.categoryCreated, tool_call: null });
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['Henry Schein sent us two boxes of carbocaine, 50 per box, 45 dollars a box', 'create_stock', { container_quantity: 2, units_per_container: 50, price_per_container: 45 }],
    ['Please put 3 boxes of Carbocaine into stock from Henry Schein at $40 a box, boxes of 50', 'create_stock', { container_quantity: 3, units_per_container: 50, price_per_container: 40 }],
    ['We need another category: Sedation', 'create_category', { name: 'Sedation' }],
    [
      'Add Ortho Direct as a new supplier, email sales@ortho.example, phone 512 555 0140, tax id 98-7654321, contact email sam@ortho.example, contact phone 512 555 0141',
      'create_supplier',
      { name: 'Ortho Direct', email: 'sales@ortho.example', contact_phone: '512 555 0141' },
    ],
  ])('ends "%s" at a %s confirmation card', async (text, tool, args) => {
    const answer = await say(text);
    expect(answer.tool_call).toMatchObject({ name: tool, arguments: args });
    expect(answer.text).toMatch(/Please confirm\.$/);
    if (tool === 'create_stock') expect(answer.tool_call?.arguments).toMatchObject({ product_id: ids.carbocaine, supplier_id: ids.schein });
  });

  it('asks rather than guesses when a supplier sent something without saying what it costs', async () => {
    const answer = await say('They delivered 2 boxes of carbocaine');
    expect(answer).toMatchObject({ tool_call: null, text: 'Which supplier is it from?' });
  });

  it('takes a stock list one card at a time, each after the last one’s result', async () => {
    const text = 'New stock from Henry Schein:\n- 2 boxes of Carbocaine, 50 per box, $45 a box\n- three boxes of carbocaine, boxes of 50, at 40 dollars a box';
    const first = await say(text);
    expect(first).toMatchObject({ text: expect.stringMatching(/^\(1 of 2\) Add 2 × Carbocaine/), tool_call: { name: 'create_stock', arguments: { container_quantity: 2, price_per_container: 45 } } });
    const history = after([], text, first);
    const done: AssistantTurn = { role: 'tool', tool_call_id: first.tool_call!.id, name: 'create_stock', content: ASSISTANT_MESSAGES.stockAdded, data: { id: 'x' } };
    const second = await say(null, [...history, done]);
    expect(second).toMatchObject({ text: expect.stringMatching(/^stock added \(2 of 2\) Add 3 × Carbocaine/), tool_call: { name: 'create_stock', arguments: { container_quantity: 3, price_per_container: 40, supplier_id: ids.schein } } });
    // The last card's result ends the list.
    const end = await say(null, [...after([...history, done], null, second), { role: 'tool', tool_call_id: second.tool_call!.id, name: 'create_stock', content: ASSISTANT_MESSAGES.stockAdded }]);
    expect(end).toMatchObject({ text: ASSISTANT_MESSAGES.stockAdded, tool_call: null });
  });

  it('moves on to a list’s next item when told to, after a cancelled card', async () => {
    const text = 'Henry Schein delivered: 2 boxes of carbocaine at 45 dollars a box and 4 boxes of carbocaine at 44 dollars a box, 50 per box';
    const first = await say(text);
    expect(first.text).toBe('(1 of 2) How many units are in each box?');
    const history = after([], text, first);
    const card = await say('fifty', history);
    expect(card.tool_call).toMatchObject({ name: 'create_stock', arguments: { container_quantity: 2, units_per_container: 50 } });
    const cancelled: AssistantTurn = { role: 'tool', tool_call_id: card.tool_call!.id, name: 'create_stock', content: ASSISTANT_MESSAGES.cancelled };
    const skipped = await say('next', [...after(history, 'fifty', card), cancelled]);
    expect(skipped.tool_call).toMatchObject({ name: 'create_stock', arguments: { container_quantity: 4, price_per_container: 44, units_per_container: 50 } });
    expect((await say('next')).text).toBe(ASSISTANT_MESSAGES.notUnderstood);
  });

  it('cancels, and says when it did not understand', async () => {
    expect((await say('never mind')).text).toBe(ASSISTANT_MESSAGES.cancelled);
    expect((await say('what a lovely day')).text).toBe(ASSISTANT_MESSAGES.notUnderstood);
  });

  it('limits each user’s requests', async () => {
    const busy = t.tokenFor(await createUser(t.db, { role: 'assistant', organizationId: world.own.org.id, companyId: world.own.org.locations[0]!.id }));
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) statuses.push((await t.request({ method: 'GET', url: '/api/voice-actions/mode', token: busy })).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (let i = 0; i < 120; i += 1) await t.request({ method: 'POST', url: '/api/voice-actions', token: busy, payload: { request: { text: 'never mind', history: [] } } });
    const limited = await t.request({ method: 'POST', url: '/api/voice-actions', token: busy, payload: { request: { text: 'never mind', history: [] } } });
    expect(limited.statusCode).toBe(429);
  });
});
