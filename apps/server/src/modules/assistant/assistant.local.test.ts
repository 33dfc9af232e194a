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
