import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { ASSISTANT_MESSAGES, STOCK_MESSAGES } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createProduct, createSupplier } from '../../../test/factories/index';
import { createWorld, type World } from '../../../test/world';
import { FLAC_BYTES, startAssistantStandIn, wav, type AssistantStandIn } from '../../../test/fixtures/openai-assistant-stand-in';
import { stocks } from '../../db/schema/index';

/** The voice assistant with an OpenAI-compatible endpoint: a stand-in on 127.0.0.1 speaks the chat completions protocol. */
let ai: AssistantStandIn;
let t: TestApp;
let world: World;
beforeAll(async () => {
  ai = await startAssistantStandIn();
  t = await createTestApp({ openAi: { baseUrl: ai.baseUrl, apiKey: 'sk-test', transcriptionModel: 'whisper-1', chatModel: 'gpt-4o-mini', assistantModel: 'gpt-4o-audio-preview' } });
  world = await createWorld(t.db);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

const member = () => t.tokenFor(world.own.users.company_member);
const location = () => world.own.org.locations[0]!.id;
const turn = (request: unknown, token = member()) => t.request({ method: 'POST', url: '/api/voice-actions', token, payload: { request } });
const stockCount = async () => (await t.db.select({ n: count() }).from(stocks))[0]!.n;

describe('POST voice-actions with an AI endpoint', () => {
  it('sends the speech to an audio-capable model with the tools, and answers its selection call, spoken in flac', async () => {
    expect((await t.request({ method: 'GET', url: '/api/voice-actions/mode', token: member() })).json()).toEqual({ mode: 'ai' });
    ai.heard = 'add two boxes of septocaine from henry schein';
    ai.script = [{ text: 'Which Septocaine?', toolCall: { name: 'select_product', arguments: { search: 'septocaine' } } }];
    const res = await turn({ audio: { data: wav().toString('base64'), format: 'wav' }, history: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'ai',
      heard: 'add two boxes of septocaine from henry schein',
      text: 'Which Septocaine?',
      audio: { data: FLAC_BYTES.toString('base64'), format: 'flac' },
      tool_call: { id: expect.any(String), name: 'select_product', arguments: { search: 'septocaine' } },
    });
    const chat = ai.chats.at(-1)!;
    expect(chat.model).toBe('gpt-4o-audio-preview');
    expect(chat.modalities).toEqual(['text', 'audio']);
    expect(chat.audio).toEqual({ voice: 'alloy', format: 'flac' });
    expect(chat.parallel_tool_calls).toBe(false);
    expect(chat.tools!.map((tool) => tool.function.name)).toEqual(['create_stock', 'create_product', 'create_supplier', 'create_category', 'select_product', 'select_supplier']);
    expect(chat.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'input_audio', input_audio: { data: wav().toString('base64'), format: 'wav' } }] });
    expect(ai.transcriptions.at(-1)!.filename).toBe('speech.wav');
  });

  it('feeds the tool results back and proposes the stock with names for the confirmation card, writing nothing', async () => {
    const product = await createProduct(t.db, { companyId: location(), name: 'Septocaine Articaine 4% (Box of 50)' });
    const supplier = await createSupplier(t.db, { companyId: location(), name: 'Assistant Dental Supply' });
    const before = await stockCount();
    const args = { product_id: product.id, supplier_id: supplier.id, container_quantity: 2, price_per_container: 45, units_per_container: 50, expiry: '2027-03-31' };
    ai.script = [{ text: 'Add two boxes?', toolCall: { name: 'create_stock', arguments: args } }];
    const history = [
      { role: 'user', text: 'add two boxes of septocaine' },
      { role: 'assistant', text: 'Which Septocaine?', tool_call: { id: 'call_a', name: 'select_product', arguments: { search: 'septocaine' } } },
      { role: 'tool', tool_call_id: 'call_a', name: 'select_product', content: `Selected ${product.name}`, data: { product_id: product.id, name: product.name } },
    ];
    const res = await turn({ history });
    expect(res.json()).toMatchObject({ tool_call: { name: 'create_stock', arguments: args }, display: { product_name: product.name, supplier_name: 'Assistant Dental Supply' } });
    expect(ai.chats.at(-1)!.messages.slice(1)).toEqual([
      { role: 'user', content: 'add two boxes of septocaine' },
      { role: 'assistant', content: 'Which Septocaine?', tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'select_product', arguments: '{"search":"septocaine"}' } }] },
      { role: 'tool', tool_call_id: 'call_a', content: `Selected ${product.name} ${JSON.stringify({ product_id: product.id, name: product.name })}` },
    ]);
    expect(await stockCount()).toBe(before);
  });

  it('refuses arguments that break the tool schema with a clear message, and ids that are not the user’s', async () => {
    const product = await createProduct(t.db, { companyId: location(), name: 'Assistant Gauze' });
    const supplier = await createSupplier(t.db, { companyId: location(), name: 'Assistant Gauze Supply' });
    const before = await stockCount();
    ai.script = [{ text: 'Adding', toolCall: { name: 'create_stock', arguments: { product_id: product.id, supplier_id: supplier.id, container_quantity: 0, price_per_container: 5, units_per_container: 10 } } }];
    const broken = (await turn({ text: 'add zero boxes of gauze', history: [] })).json();
    expect(broken.tool_call).toBeNull();
    expect(broken.text).toContain(ASSISTANT_MESSAGES.badToolArguments);
    expect(broken.text).toContain(STOCK_MESSAGES.containersMin);

    const foreign = await createProduct(t.db, { companyId: world.foreign.org.locations[0]!.id, name: 'Someone else’s gauze' });
    ai.script = [{ text: 'Adding', toolCall: { name: 'create_stock', arguments: { product_id: foreign.id, supplier_id: supplier.id, container_quantity: 1, price_per_container: 5, units_per_container: 10 } } }];
    const stolen = (await turn({ text: 'add gauze', history: [] })).json();
    expect(stolen.tool_call).toBeNull();
    expect(stolen.text).toContain('That product is not in your catalog.');

    ai.script = [{ text: 'Oops', toolCall: { name: 'drop_tables', arguments: {} } }];
    expect((await turn({ text: 'hello', history: [] })).json().tool_call).toBeNull();
    ai.script = [{ text: 'Oops', toolCall: { name: 'create_category', arguments: {} }, rawArguments: '{not json' }];
    expect((await turn({ text: 'new category', history: [] })).json()).toMatchObject({ tool_call: null, text: expect.stringContaining(ASSISTANT_MESSAGES.badToolArguments) });
    expect(await stockCount()).toBe(before);
  });

  it('refuses audio that is not audio, and empty turns', async () => {
    const fake = await turn({ audio: { data: Buffer.from('just some text, not a recording').toString('base64'), format: 'wav' }, history: [] });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors).toEqual([{ field: 'request.audio', message: 'Send audio as wav, webm, ogg, mp3 or flac' }]);
    const empty = await turn({ history: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST transcription', () => {
  const form = (bytes: Buffer, name: string) => {
    const data = new FormData();
    data.append('file', new Blob([bytes], { type: 'audio/wav' }), name);
    return data;
  };

  it('turns a recording into text, and refuses a file that is not audio', async () => {
    ai.heard = 'new category implants';
    const res = await t.app.inject({ method: 'POST', url: '/api/transcription', headers: { authorization: `Bearer ${member()}` }, payload: form(wav(), 'speech.wav') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'new category implants' });
    const png = await t.app.inject({ method: 'POST', url: '/api/transcription', headers: { authorization: `Bearer ${member()}` }, payload: form(Buffer.from('\x89PNG\r\n\x1a\n0000000000'), 'speech.wav') });
    expect(png.statusCode).toBe(400);
    expect(png.json().errors).toEqual([{ field: 'file', message: 'Send audio as wav, webm, ogg, mp3 or flac' }]);
  });
});
