import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ASSISTANT_MESSAGES, defaultExpiryDate, type AssistantTurn, type Role, type ToolCall, type VoiceActionResponse } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { todayIso } from '../../../lib/format';
import { stubApi } from '../../../test/fake-api';
import { EMPTY_PAGE, fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const PRODUCT_ID = '6f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const SUPPLIER_ID = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
const STOCK_ID = '8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5f6e';
const CATEGORY_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PRODUCT_NAME = 'Septocaine Articaine HCl 4% with Epinephrine 1:100000';
const SUPPLIER_NAME = 'Henry Schein Dental';
const TYPED = 'add 2 boxes of Septocaine from Henry Schein at 45 dollars a box, 50 per box';

const STOCK_CALL: ToolCall = {
  id: 'call_stock',
  name: 'create_stock',
  arguments: { product_id: PRODUCT_ID, supplier_id: SUPPLIER_ID, container_quantity: 2, units_per_container: 50, price_per_container: 45, units_consumed: null, expiry: null },
};

function answer(overrides: Partial<VoiceActionResponse> = {}): VoiceActionResponse {
  return { mode: 'local', heard: null, text: '', audio: null, tool_call: null, display: null, draft: null, ...overrides };
}

const STOCK_ANSWER = answer({
  heard: TYPED,
  text: `Add 2 boxes of ${PRODUCT_NAME} from ${SUPPLIER_NAME}? Please confirm.`,
  tool_call: STOCK_CALL,
  display: { product_name: PRODUCT_NAME, supplier_name: SUPPLIER_NAME },
  draft: { step: 'confirm' },
});

type Answer = VoiceActionResponse | ((init: RequestInit | undefined) => Response | Promise<Response>);

interface Setup {
  answers: Answer[];
  role?: Role;
  mode?: 'ai' | 'local';
  /** What POST stock, product, supplier and category answer. */
  createStatus?: number;
  createBody?: unknown;
}

/** A signed-in user on the suppliers page, with the voice assistant's routes answered in order. */
function setup({ answers, role = 'company_member', mode = 'local', createStatus = 201, createBody }: Setup) {
  const token = fakeToken(role);
  setToken(token);
  const turns: unknown[] = [];
  const created: { path: string; body: unknown }[] = [];
  const create = (path: string, ok: unknown) => (_url: URL, init: RequestInit | undefined) => {
    if (init?.method !== 'POST') return jsonResponse(EMPTY_PAGE);
    created.push({ path, body: JSON.parse(String(init.body)) as unknown });
    return jsonResponse(createBody ?? ok, createStatus);
  };
  const fetchMock = stubApi(profileFor(role), {
    '/api/voice-actions/mode': () => jsonResponse({ mode }),
    '/api/voice-actions': (_url, init) => {
      turns.push((JSON.parse(String(init?.body)) as { request: unknown }).request);
      const next = answers.shift() ?? answer({ text: 'Anything else?' });
      return typeof next === 'function' ? next(init) : jsonResponse(next);
    },
    '/api/stock': create('stock', { stocks: [{ id: STOCK_ID }] }),
    '/api/product': create('product', { id: PRODUCT_ID }),
    '/api/category': create('category', { id: CATEGORY_ID }),
    '/api/product/v2': () => jsonResponse({ results: [{ id: PRODUCT_ID, name: PRODUCT_NAME, brand: 'Septodont' }], currentPage: 1, lastPage: 1, total: 1 }),
    '/api/supplier': (_url, init) => (init?.method === 'POST' ? create('supplier', { id: SUPPLIER_ID })(_url, init) : jsonResponse({ results: [{ id: SUPPLIER_ID, name: SUPPLIER_NAME }], currentPage: 1, lastPage: 1, total: 1 })),
  });
  renderApp('/suppliers');
  return { turns, created, fetchMock, token };
}

async function openPanel() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open assistant' }));
  return screen.findByRole('dialog', { name: 'Assistant' });
}

async function typeCommand(panel: HTMLElement, text: string) {
  await userEvent.type(within(panel).getByRole('textbox', { name: 'Type a command' }), `${text}{Enter}`);
}

/** The value the card shows for a label. */
function field(card: HTMLElement, label: string): string | null | undefined {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

function mmddyyyy(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m ?? ''}-${d ?? ''}-${y ?? ''}`;
}

const turnAt = (turns: unknown[], index: number) => turns[index] as { text?: string; history: AssistantTurn[] };

describe('voice assistant panel', () => {
  it('a typed command shows every field of the stock by name with its totals; Confirm posts it with the user’s token and tells the assistant', async () => {
    const api = setup({ answers: [STOCK_ANSWER, answer({ text: 'Done: 2 boxes added.' })] });
    const panel = await openPanel();
    expect(await within(panel).findByText('Typed commands (no speech: AI not set up)')).toBeInTheDocument();

    await typeCommand(panel, TYPED);
    const card = await within(panel).findByRole('region', { name: 'Confirm: Add stock' });
    expect(api.turns[0]).toEqual({ text: TYPED, history: [] });
    expect(within(panel).getByRole('log', { name: 'Conversation' })).toHaveTextContent(`Add 2 boxes of ${PRODUCT_NAME} from ${SUPPLIER_NAME}? Please confirm.`);
    expect(field(card, 'Product')).toBe(PRODUCT_NAME);
    expect(field(card, 'Supplier')).toBe(SUPPLIER_NAME);
    expect(field(card, 'Containers')).toBe('2');
    expect(field(card, 'Units per container')).toBe('50');
    expect(field(card, 'Price per container')).toBe('$45.00');
    expect(field(card, 'Total units')).toBe('2 × 50 = 100 units');
    expect(field(card, 'Total cost')).toBe('2 × $45.00 = $90.00');
    expect(field(card, 'Unit price')).toBe('$0.90');
    expect(field(card, 'Units consumed')).toBe('0');
    const expiry = defaultExpiryDate(todayIso());
    expect(field(card, 'Expiry date')).toBe(`${mmddyyyy(expiry)} (default: one year from today)`);
    // Nothing is written before Confirm.
    expect(api.created).toHaveLength(0);

    await userEvent.click(within(card).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => { expect(api.created).toHaveLength(1); });
    expect(api.created[0]).toEqual({
      path: 'stock',
      body: { product_id: PRODUCT_ID, supplier_id: SUPPLIER_ID, container_quantity: 2, units_per_container: 50, price_per_container: 45, expiry_date: expiry, units_consumed: null },
    });
    const post = api.fetchMock.mock.calls.find(([input, init]) => String(input) === '/api/stock' && init?.method === 'POST');
    expect((post?.[1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${api.token}`);

    // The result goes back to the assistant in a turn of its own, which it acknowledges.
    expect(await within(panel).findByText('Done: 2 boxes added.')).toBeInTheDocument();
    expect(api.turns).toHaveLength(2);
    expect(turnAt(api.turns, 1)).toEqual({
      history: [
        { role: 'user', text: TYPED },
        { role: 'assistant', text: STOCK_ANSWER.text, tool_call: STOCK_CALL, draft: { step: 'confirm' } },
        { role: 'tool', tool_call_id: 'call_stock', name: 'create_stock', content: ASSISTANT_MESSAGES.stockAdded, data: { id: STOCK_ID } },
      ],
    });
    expect(screen.getAllByText(ASSISTANT_MESSAGES.stockAdded).length).toBeGreaterThanOrEqual(1);
    expect(within(panel).queryByRole('region', { name: 'Confirm: Add stock' })).not.toBeInTheDocument();
  });

  it('Cancel on the card writes nothing, and the assistant hears it was cancelled with the next turn', async () => {
    const api = setup({ answers: [STOCK_ANSWER, answer({ heard: 'thanks', text: 'You are welcome.' })] });
    const panel = await openPanel();
    await typeCommand(panel, TYPED);
    const card = await within(panel).findByRole('region', { name: 'Confirm: Add stock' });
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));

    expect(within(panel).getByRole('log', { name: 'Conversation' })).toHaveTextContent(ASSISTANT_MESSAGES.cancelled);
    expect(within(panel).queryByRole('region', { name: 'Confirm: Add stock' })).not.toBeInTheDocument();
    // Cancel stops there: no turn is sent, nothing is posted.
    expect(api.turns).toHaveLength(1);

    await typeCommand(panel, 'thanks');
    expect(await within(panel).findByText('You are welcome.')).toBeInTheDocument();
    expect(turnAt(api.turns, 1).history.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_stock', name: 'create_stock', content: ASSISTANT_MESSAGES.cancelled });
    expect(turnAt(api.turns, 1).text).toBe('thanks');
    expect(api.created).toHaveLength(0);
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'POST' && !String(init.body).includes('"request"'))).toBe(false);
  });

  it('select_product and select_supplier open the selection dialogs with the search filled in; each pick goes back to the assistant', async () => {
    const api = setup({
      answers: [
        answer({ heard: 'add septocaine', text: 'Which product?', tool_call: { id: 'call_p', name: 'select_product', arguments: { search: 'Septocaine' } } }),
        answer({ text: 'Which supplier?', tool_call: { id: 'call_s', name: 'select_supplier', arguments: { search: 'Henry' } } }),
        answer({ text: 'How many boxes?' }),
      ],
    });
    const panel = await openPanel();
    await typeCommand(panel, 'add septocaine');

    const products = await screen.findByRole('dialog', { name: 'Product selection' });
    expect(within(products).getByRole('searchbox', { name: 'Search products' })).toHaveValue('Septocaine');
    await userEvent.click(await within(products).findByRole('button', { name: new RegExp(`^${PRODUCT_NAME.slice(0, 20)}`) }));
    const search = api.fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.startsWith('/api/product/v2'));
    expect(search).toBe('/api/product/v2?fuzzySearchQuery=Septocaine&perPage=10');

    const suppliers = await screen.findByRole('dialog', { name: 'Supplier selection' });
    expect(turnAt(api.turns, 1).history.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_p', name: 'select_product', content: `Selected ${PRODUCT_NAME}`, data: { product_id: PRODUCT_ID, name: PRODUCT_NAME } });
    expect(within(suppliers).getByRole('searchbox', { name: 'Search suppliers' })).toHaveValue('Henry');
    await userEvent.click(await within(suppliers).findByRole('button', { name: SUPPLIER_NAME }));
    expect(await within(panel).findByText('How many boxes?')).toBeInTheDocument();
    expect(api.fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/supplier?search=Henry'))).toBe(true);
    expect(turnAt(api.turns, 2).history.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_s', name: 'select_supplier', content: `Selected ${SUPPLIER_NAME}`, data: { supplier_id: SUPPLIER_ID, name: SUPPLIER_NAME } });
    expect(screen.queryByRole('dialog', { name: 'Supplier selection' })).not.toBeInTheDocument();
  });

  it('Cancel in a selection dialog tells the assistant with the next turn and sends nothing now', async () => {
    const api = setup({ answers: [answer({ heard: 'add gloves', text: 'Which product?', tool_call: { id: 'call_p', name: 'select_product', arguments: { search: 'gloves' } } })] });
    const panel = await openPanel();
    await typeCommand(panel, 'add gloves');
    const products = await screen.findByRole('dialog', { name: 'Product selection' });
    await userEvent.click(within(products).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => { expect(screen.queryByRole('dialog', { name: 'Product selection' })).not.toBeInTheDocument(); });
    expect(within(panel).getByRole('log', { name: 'Conversation' })).toHaveTextContent(ASSISTANT_MESSAGES.cancelled);
    expect(api.turns).toHaveLength(1);
  });

  it('a refused creation (403) says in words that the role may not do it, and the assistant hears so', async () => {
    const api = setup({ role: 'assistant', answers: [STOCK_ANSWER, answer({ text: 'I could not add it: your role may not.' })], createStatus: 403, createBody: { code: 'FORBIDDEN', message: 'You do not have permission to do this' } });
    const panel = await openPanel();
    await typeCommand(panel, TYPED);
    const card = await within(panel).findByRole('region', { name: 'Confirm: Add stock' });
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm' }));

    expect(await within(panel).findByText(ASSISTANT_MESSAGES.notAllowed)).toBeInTheDocument();
    expect(await within(panel).findByText('I could not add it: your role may not.')).toBeInTheDocument();
    expect(turnAt(api.turns, 1).history.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_stock', name: 'create_stock', content: ASSISTANT_MESSAGES.notAllowed });
  });

  it('a failed creation gives the section 8 message with the server’s reason', async () => {
    const call: ToolCall = { id: 'call_prod', name: 'create_product', arguments: { name: 'Bond Pro', basic_unit: 'item', type: 'disposable', container: 'box', category_id: CATEGORY_ID } };
    const api = setup({ answers: [answer({ heard: 'new product Bond Pro', text: 'Create Bond Pro?', tool_call: call, display: { category_name: 'Adhesives' } })], createStatus: 409, createBody: { code: 'CONFLICT', message: 'Product already exists' } });
    const panel = await openPanel();
    await typeCommand(panel, 'new product Bond Pro');
    const card = await within(panel).findByRole('region', { name: 'Confirm: Create product' });
    expect(field(card, 'Name')).toBe('Bond Pro');
    expect(field(card, 'Category')).toBe('Adhesives');
    expect(field(card, 'Type')).toBe('disposable');
    expect(field(card, 'Container')).toBe('box');
    expect(field(card, 'Basic unit')).toBe('item');
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm' }));

    const failure = `${ASSISTANT_MESSAGES.productFailed} Product already exists`;
    expect(await within(panel).findByText(failure)).toBeInTheDocument();
    expect(api.created).toEqual([{ path: 'product', body: { name: 'Bond Pro', type: 'disposable', container: 'box', basic_unit: 'item', category_id: CATEGORY_ID } }]);
    await waitFor(() => { expect(api.turns).toHaveLength(2); });
    expect(turnAt(api.turns, 1).history.at(-1)).toMatchObject({ role: 'tool', name: 'create_product', content: failure });
  });

  it('a created category is announced with the section 8 message', async () => {
    const api = setup({ answers: [answer({ heard: 'new category Implants', text: 'Create the category Implants?', tool_call: { id: 'call_c', name: 'create_category', arguments: { name: 'Implants' } } })] });
    const panel = await openPanel();
    await typeCommand(panel, 'new category Implants');
    const card = await within(panel).findByRole('region', { name: 'Confirm: Create category' });
    expect(field(card, 'Name')).toBe('Implants');
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => { expect(api.turns).toHaveLength(2); });
    expect(api.created).toEqual([{ path: 'category', body: { name: 'Implants' } }]);
    expect(turnAt(api.turns, 1).history.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_c', name: 'create_category', content: ASSISTANT_MESSAGES.categoryCreated, data: { id: CATEGORY_ID } });
    expect(screen.getAllByText(ASSISTANT_MESSAGES.categoryCreated).length).toBeGreaterThanOrEqual(1);
  });

  it('processing can be cancelled: the request is aborted and nothing is kept of the turn', async () => {
    let signal: AbortSignal | null | undefined;
    const api = setup({
      answers: [
        (init) => {
          signal = init?.signal;
          return new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => { reject(new DOMException('Aborted', 'AbortError')); });
          });
        },
        answer({ heard: 'new category Implants', text: 'Create the category Implants?' }),
      ],
    });
    const panel = await openPanel();
    await typeCommand(panel, TYPED);
    expect(await within(panel).findByText('Processing…')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel processing' }));

    expect(await within(panel).findByText('Processing cancelled.')).toBeInTheDocument();
    expect(signal?.aborted).toBe(true);
    expect(within(panel).queryByText('Processing…')).not.toBeInTheDocument();

    // The cancelled turn is not part of the conversation.
    await typeCommand(panel, 'new category Implants');
    expect(await within(panel).findByText('Create the category Implants?')).toBeInTheDocument();
    expect(turnAt(api.turns, 1)).toEqual({ text: 'new category Implants', history: [] });
  });

  it('says which mode is on: AI offers the recorder; typed commands without dictation say speech needs the AI', async () => {
    setup({ answers: [], mode: 'ai' });
    const panel = await openPanel();
    expect(await within(panel).findByText('AI assistant')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Record' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Dictate' })).not.toBeInTheDocument();
  });

  it('typed commands without browser dictation hide the microphone', async () => {
    setup({ answers: [] });
    const panel = await openPanel();
    expect(await within(panel).findByText(ASSISTANT_MESSAGES.speechNeedsSetup)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Dictate' })).not.toBeInTheDocument();
  });

  it('typed commands with the browser’s own dictation offer Dictate, which fills the text box', async () => {
    class FakeRecognition {
      lang = '';
      interimResults = false;
      continuous = false;
      onresult: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      start() {
        setTimeout(() => {
          this.onresult?.({ resultIndex: 0, results: { length: 1, 0: { isFinal: true, 0: { transcript: 'new category Implants' } } } });
          this.onend?.();
        }, 0);
      }
      stop() { this.onend?.(); }
      abort() { this.onend?.(); }
    }
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    setup({ answers: [] });
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Dictate' }));
    await waitFor(() => { expect(within(panel).getByRole('textbox', { name: 'Type a command' })).toHaveValue('new category Implants'); });
    expect(within(panel).queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
  });

  it('is not offered to the product admin, whose role holds no assistant', async () => {
    setup({ answers: [], role: 'admin' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Open assistant' })).not.toBeInTheDocument();
  });

  it('records a spoken command (Record, Pause, Resume, Finish) and sends it as WAV; what was heard replaces "Voice message"', async () => {
    class FakeMediaRecorder {
      state: RecordingState = 'inactive';
      mimeType = 'audio/webm';
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      constructor(readonly stream: MediaStream) {}
      start() { this.state = 'recording'; }
      pause() { this.state = 'paused'; }
      resume() { this.state = 'recording'; }
      stop() {
        this.state = 'inactive';
        setTimeout(() => {
          this.ondataavailable?.({ data: new Blob(['webm bytes']) });
          this.onstop?.();
        }, 0);
      }
    }
    class FakeAudioContext {
      decodeAudioData() {
        return Promise.resolve({ numberOfChannels: 1, sampleRate: 16_000, getChannelData: () => new Float32Array(160) });
      }
      close() { return Promise.resolve(); }
    }
    const track = { stop: vi.fn() };
    vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
    vi.stubGlobal('AudioContext', FakeAudioContext);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: () => Promise.resolve({ getTracks: () => [track] }) } });
    onTestFinished(() => { Reflect.deleteProperty(navigator, 'mediaDevices'); });
    const api = setup({ mode: 'ai', answers: [answer({ mode: 'ai', heard: 'new category Implants', text: 'Create the category Implants?', tool_call: { id: 'call_c', name: 'create_category', arguments: { name: 'Implants' } } })] });
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Record' }));
    expect(await within(panel).findByRole('status', { name: 'Recording status' })).toHaveTextContent('Recording…');
    await userEvent.click(within(panel).getByRole('button', { name: 'Pause' }));
    expect(within(panel).getByRole('status', { name: 'Recording status' })).toHaveTextContent('Paused');
    await userEvent.click(within(panel).getByRole('button', { name: 'Resume' }));
    expect(within(panel).getByRole('button', { name: 'Discard' })).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Finish' }));

    expect(await within(panel).findByRole('region', { name: 'Confirm: Create category' })).toBeInTheDocument();
    const sent = turnAt(api.turns, 0) as { audio?: { data: string; format: string }; history: AssistantTurn[] };
    expect(sent.audio?.format).toBe('wav');
    expect(atob(sent.audio?.data ?? '').slice(0, 4)).toBe('RIFF');
    expect(sent.history).toEqual([]);
    expect(within(panel).getByRole('log', { name: 'Conversation' })).toHaveTextContent('You: new category Implants');
    expect(track.stop).toHaveBeenCalled();
  });

  it('on a phone the top bar\'s Assistant button opens the panel; the bottom bar keeps the spec\'s five tabs and no button floats over the page', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('899.95'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    setup({ answers: [] });
    const bar = await screen.findByRole('navigation', { name: 'Bottom navigation' });
    await waitFor(() => { expect(within(bar).getAllByRole('button').map((tab) => tab.textContent)).toEqual(['Treatments', 'Inventory', 'Reports', 'Alerts', 'Logout']); });
    expect(screen.queryByRole('complementary', { name: 'Voice assistant' })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Open assistant' }));
    const panel = await screen.findByRole('dialog', { name: 'Assistant' });
    expect(await within(panel).findByText('Typed commands (no speech: AI not set up)')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close assistant' }));
    await waitFor(() => { expect(screen.queryByRole('dialog', { name: 'Assistant' })).not.toBeInTheDocument(); });
  });
});
