import { randomUUID } from 'node:crypto';
import type { TrayProposal } from '@clinic/domain';
import { createTestApp, type TestApp } from '../../../test/setup/test-app';
import { createOrganization, createProduct, createStock, createUser } from '../../../test/factories/index';
import { startAssistantStandIn, type AssistantStandIn } from '../../../test/fixtures/openai-assistant-stand-in';

/**
 * Issue 55: the tray a note proposes through an OpenAI-compatible endpoint (the case notes'
 * configuration): the stand-in on 127.0.0.1 answers chat completions as scripted; what it answers
 * is checked against the catalog and the note before anyone sees it.
 */
let ai: AssistantStandIn;
let t: TestApp;
beforeAll(async () => {
  ai = await startAssistantStandIn();
  t = await createTestApp({ openAi: { baseUrl: ai.baseUrl, apiKey: 'sk-test', transcriptionModel: 'whisper-1', chatModel: 'gpt-4o-mini', assistantModel: 'gpt-4o-audio-preview' } });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

async function clinic() {
  const org = await createOrganization(t.db);
  const companyId = org.locations[0]!.id;
  const member = await createUser(t.db, { role: 'company_member', organizationId: org.id, companyId });
  const septocaine = await createProduct(t.db, { companyId, name: 'Septocaine Articaine HCl 4% with Epinephrine 1:100000', brand: 'Septodont', container: 'box', basicUnit: 'cartridge' });
  const vicryl = await createProduct(t.db, { companyId, name: 'Vicryl Polyglactin 910 Suture 4-0 SH 27 in (Box of 36)', brand: 'Ethicon', container: 'box', basicUnit: 'item' });
  const lot = await createStock(t.db, { companyId, productId: septocaine.id, unitsPerContainer: 50, expiryDate: '2030-01-31', lotNumber: 'SEP-1' });
  return { token: t.tokenFor(member), septocaine, vicryl, lot };
}

const NOTE = 'LA: two carpules of Septocaine. Closed with 4-0 Vicryl.';
const answer = (lines: unknown[]) => ({ text: JSON.stringify({ lines }) });
const propose = (token: string) => t.request({ method: 'POST', url: '/api/treatment_log/tray-proposal', token, payload: { treatments: [], note: NOTE } });

interface SentChat {
  model: string;
  response_format?: { type: string; json_schema?: { name: string; strict: boolean; schema: { properties: { lines: { items: { properties: { product_id: { enum: string[] } } } } } } } };
  messages: { role: string; content: string }[];
}

describe('the tray proposal through an OpenAI-compatible endpoint', () => {
  it('asks with structured output over the catalog’s candidates by id, and drops what fails the checks: an invented product, an odd quantity, words not in the note', async () => {
    const c = await clinic();
    const invented = randomUUID();
    ai.script = [
      answer([
        { product_id: c.septocaine.id, quantity: 2, words: ['two carpules of Septocaine'] },
        { product_id: invented, quantity: 1, words: ['Closed'] },
        { product_id: c.vicryl.id, quantity: -1, words: ['4-0 Vicryl'] },
        { product_id: c.vicryl.id, quantity: 1, words: ['6-0 Prolene'] },
      ]),
    ];
    const res = await propose(c.token);
    expect(res.statusCode).toBe(200);
    const proposal = res.json<TrayProposal>();
    expect(proposal).toMatchObject({ engine: 'openai', source: 'note', dropped: 3 });
    expect(proposal.lines).toEqual([
      {
        product: { id: c.septocaine.id, name: c.septocaine.name, unit: 'cartridge', implantable: false },
        quantity: 2,
        words: [{ text: 'two carpules of Septocaine', start: 4, end: 30 }],
        treatment_id: null,
        // The lots are the ledger's pick, never the model's.
        lots: [{ stock_id: c.lot.id, lot_number: 'SEP-1', expiry_date: '2030-01-31', quantity: 2 }],
        unit_price: 0.2,
        stock_problem: null,
      },
    ]);

    const chat = ai.chats.at(-1) as unknown as SentChat;
    expect(chat.model).toBe('gpt-4o-mini');
    expect(chat.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'tray_proposal', strict: true } });
    const ids = chat.response_format!.json_schema!.schema.properties.lines.items.properties.product_id.enum;
    expect(ids.sort()).toEqual([c.septocaine.id, c.vicryl.id].sort());
    const asked = JSON.parse(chat.messages.find((m) => m.role === 'user')!.content) as { note: string; products: { id: string; unit: string }[] };
    expect(asked.note).toBe(NOTE);
    expect(asked.products.map((p) => p.id).sort()).toEqual(ids.sort());
  });

  it('falls back to the local matcher when the service answers something unreadable', async () => {
    const c = await clinic();
    ai.script = [{ text: 'Sure! Here is the tray: Septocaine x2' }];
    const res = await propose(c.token);
    expect(res.statusCode).toBe(200);
    const proposal = res.json<TrayProposal>();
    expect(proposal.engine).toBe('local');
    expect(proposal.lines.map((l) => [l.product.id, l.quantity])).toEqual(
      expect.arrayContaining([
        [c.septocaine.id, 2],
        [c.vicryl.id, 1],
      ]),
    );
  });

  it('falls back to the local matcher when the service cannot be reached', async () => {
    const down = await createTestApp({ openAi: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-test', transcriptionModel: 'whisper-1', chatModel: 'gpt-4o-mini', assistantModel: 'gpt-4o-audio-preview' } });
    try {
      const org = await createOrganization(down.db);
      const companyId = org.locations[0]!.id;
      const member = await createUser(down.db, { role: 'company_member', organizationId: org.id, companyId });
      const vicryl = await createProduct(down.db, { companyId, name: 'Vicryl Polyglactin 910 Suture 4-0 SH 27 in (Box of 36)', brand: 'Ethicon', container: 'box', basicUnit: 'item' });
      const res = await down.request({ method: 'POST', url: '/api/treatment_log/tray-proposal', token: down.tokenFor(member), payload: { note: 'Closed with 4-0 Vicryl.' } });
      expect(res.statusCode).toBe(200);
      expect(res.json<TrayProposal>()).toMatchObject({ engine: 'local', lines: [{ product: { id: vicryl.id }, quantity: 1 }] });
    } finally {
      await down.close();
    }
  });
});
