// An OpenAI-compatible server on 127.0.0.1 for the browser tests: the app's case-notes adapter
// speaks the real protocol to it (a multipart transcription upload, then a JSON chat completion),
// and so does the voice assistant (a chat completion with tools, audio in and flac audio out).
import { createServer } from 'node:http';

/** What every recording "says": the visit recorder's case notes are made from it. */
export const TRANSCRIPT = 'Local anesthesia given, tooth extracted, gauze placed, patient comfortable.';
/** The product the assistant asks the user to pick when it cannot read one from the words (audio input). */
export const ASSISTANT_DEFAULT_SEARCH = 'Citanest';
export const ASSISTANT_SUPPLIER_SEARCH = 'Henry Schein';
/** The stock the assistant proposes once product and supplier are picked. */
export const ASSISTANT_STOCK = { container_quantity: 2, units_per_container: 50, price_per_container: 45 };
export const ASSISTANT_DONE = 'Done.';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function crc8(bytes) {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes) {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * A real, tiny FLAC file: a quarter second of silence (8 kHz, mono, 16 bit) in frames of 192
 * constant samples, so the browser can play the assistant's "spoken" reply.
 */
function silentFlac(frames = 10) {
  const blockSize = 192;
  const streamInfo = Buffer.alloc(34);
  streamInfo.writeUInt16BE(blockSize, 0);
  streamInfo.writeUInt16BE(blockSize, 2);
  streamInfo.writeUIntBE(11, 4, 3);
  streamInfo.writeUIntBE(11, 7, 3);
  // sample rate (20 bits), channels - 1 (3), bits per sample - 1 (5), total samples (36); MD5 left 0 (unknown).
  streamInfo.writeBigUInt64BE((8000n << 44n) | (0n << 41n) | (15n << 36n) | BigInt(blockSize * frames), 10);
  const parts = [Buffer.from('fLaC'), Buffer.from([0x80, 0, 0, 34]), streamInfo];
  for (let n = 0; n < frames; n += 1) {
    // sync + fixed blocking, block size 192 (0001) and 8 kHz (0100), mono (0000) and 16 bit (100), frame number n.
    const header = [0xff, 0xf8, 0x14, 0x08, n];
    const frame = [...header, crc8(header), 0x00, 0x00, 0x00]; // one CONSTANT subframe of 0
    const crc = crc16(frame);
    parts.push(Buffer.from([...frame, crc >> 8, crc & 0xff]));
  }
  return Buffer.concat(parts);
}

export const SILENT_FLAC_BASE64 = silentFlac().toString('base64');

function textOf(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : (part?.text ?? part?.input_text ?? ''))).join(' ');
  if (content && typeof content === 'object') return JSON.stringify(content);
  return '';
}

/** The id a tool result carries (`product_id`, `supplier_id`), from the newest result of that tool. */
function idFrom(results, tool, key) {
  for (const result of [...results].reverse()) {
    if (result.name !== tool) continue;
    const keyed = new RegExp(`${key}\\W{0,4}(${UUID.source})`, 'i').exec(result.text);
    const id = keyed?.[1] ?? UUID.exec(result.text)?.[0];
    if (id) return id;
  }
  return null;
}

/** A tool result's tool, when the request did not carry the call it answers. */
function toolNamed(text) {
  if (/supplier_id/i.test(text)) return 'select_supplier';
  if (/product_id/i.test(text)) return 'select_product';
  return 'create_stock';
}

let counter = 0;

/**
 * The voice assistant's model, deterministic: a command -> select_product (the search from the
 * words "of ... from", else Citanest); the pick -> select_supplier; that pick -> create_stock with
 * both ids and fixed numbers (2 containers of 50 at $45); the stock's result -> "Done.".
 */
function assistantCompletion(payload) {
  const messages = Array.isArray(payload.messages) ? payload.messages : [];
  const calls = new Map();
  for (const message of messages) for (const call of message.tool_calls ?? []) calls.set(call.id, call.function?.name);
  const results = messages.filter((m) => m.role === 'tool').map((m) => ({ name: calls.get(m.tool_call_id) ?? toolNamed(textOf(m.content)), text: textOf(m.content) }));
  // The newest thing the user said or typed, and whether a tool result came after it.
  const said = (m) => m.role === 'user' && (textOf(m.content).trim() !== '' || (Array.isArray(m.content) && m.content.some((part) => part?.type === 'input_audio')));
  const lastUser = messages.findLastIndex(said);
  const lastTool = messages.findLastIndex((m) => m.role === 'tool');

  let text;
  let tool = null;
  if (lastTool > lastUser) {
    const result = results.at(-1);
    const cancelled = /cancel/i.test(result.text);
    const productId = idFrom(results, 'select_product', 'product_id');
    const supplierId = idFrom(results, 'select_supplier', 'supplier_id');
    if (cancelled) {
      text = 'Okay, nothing was created.';
    } else if (result.name === 'select_product' && productId) {
      text = 'Which supplier?';
      tool = { name: 'select_supplier', arguments: { search: ASSISTANT_SUPPLIER_SEARCH } };
    } else if (result.name === 'select_supplier' && productId && supplierId) {
      text = 'Add 2 boxes of 50 at $45 a box? Please confirm.';
      tool = { name: 'create_stock', arguments: { product_id: productId, supplier_id: supplierId, ...ASSISTANT_STOCK, units_consumed: null, expiry: null } };
    } else {
      text = ASSISTANT_DONE;
    }
  } else {
    const named = /\bof\s+(.+?)\s+from\b/i.exec(textOf(messages[lastUser]?.content));
    text = 'Which product do you mean?';
    tool = { name: 'select_product', arguments: { search: named?.[1]?.trim() || ASSISTANT_DEFAULT_SEARCH } };
  }

  counter += 1;
  const message = { role: 'assistant', content: text, refusal: null };
  if (tool) message.tool_calls = [{ id: `call_e2e_${String(counter)}`, type: 'function', function: { name: tool.name, arguments: JSON.stringify(tool.arguments) } }];
  // Spoken replies (modalities text + audio), as the real API gives them: the words are the audio's transcript.
  if (Array.isArray(payload.modalities) && payload.modalities.includes('audio')) {
    message.content = null;
    message.audio = { id: `audio_e2e_${String(counter)}`, data: SILENT_FLAC_BASE64, expires_at: Math.floor(Date.now() / 1000) + 3600, transcript: text };
  }
  return {
    id: `chatcmpl-e2e-${String(counter)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: payload.model,
    choices: [{ index: 0, finish_reason: tool ? 'tool_calls' : 'stop', message }],
  };
}

/** An id no catalog holds: the tray proposal's stand-in names it, and the app must drop it. */
export const INVENTED_PRODUCT_ID = '00000000-0000-4000-8000-00000000dead';

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The tray a case note proposes (issue 55), as a model answering the app's structured output: each
 * offered product whose name's first word the note says (the best-ranked one first), with a count
 * written just before it, quoting the note's words; and one product the catalog does not hold, as
 * a model inventing one would, which the app must drop.
 */
function trayProposalCompletion(payload) {
  const { note, products } = JSON.parse(payload.messages.find((m) => m.role === 'user').content);
  const used = new Set();
  // What a product's mention says runs to the end of its phrase ("3 carpules of Cook-Waite lidocaine."): no other product is read there.
  const claimed = [];
  const lines = [];
  for (const product of products) {
    const first = product.name.split(/\s+/)[0];
    if (first.length < 4 || used.has(first.toLowerCase())) continue;
    const found = new RegExp(`(?:(?<![#\\w])(\\d+)\\s+(?:[a-z-]+\\s+){0,2})?\\b${escapeRegExp(first)}\\b`, 'i').exec(note);
    if (!found || claimed.some(([from, to]) => found.index >= from && found.index < to)) continue;
    used.add(first.toLowerCase());
    const end = note.slice(found.index).search(/[.,;](\s|$)/);
    claimed.push([found.index, end < 0 ? note.length : found.index + end]);
    lines.push({ product_id: product.id, quantity: found[1] ? Number(found[1]) : 1, words: [found[0]] });
  }
  lines.push({ product_id: INVENTED_PRODUCT_ID, quantity: 1, words: [note.split(/\s+/)[0] ?? ''] });
  return { id: 'chatcmpl-e2e-tray', object: 'chat.completion', created: 0, model: payload.model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify({ lines }) } }] };
}

export function startOpenAiStandIn() {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const send = (status, payload) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
        // Any audio upload (wav from the visit recorder, or the assistant's) with a model; the words are fixed.
        const text = body.toString('latin1');
        const multipart = String(request.headers['content-type'] ?? '').startsWith('multipart/form-data');
        if (!multipart || !text.includes('name="model"') || !text.includes('name="file"')) return send(400, { error: { message: 'an audio file and a model are required' } });
        return send(200, { text: TRANSCRIPT });
      }
      if (request.method === 'POST' && request.url === '/v1/chat/completions') {
        const payload = JSON.parse(body.toString('utf8'));
        if (Array.isArray(payload.tools)) {
          // Spec section 9: the assistant speaks flac.
          if (Array.isArray(payload.modalities) && payload.modalities.includes('audio') && payload.audio?.format !== 'flac') {
            return send(400, { error: { message: 'audio output must be flac' } });
          }
          return send(200, assistantCompletion(payload));
        }
        if (payload.response_format?.json_schema?.name === 'tray_proposal') return send(200, trayProposalCompletion(payload));
        const { model, messages } = payload;
        const visit = JSON.parse(messages.find((m) => m.role === 'user').content);
        const content = JSON.stringify({
          summary: `Recorded visit: ${visit.treatments.join(', ')}.`,
          case_notes: `Procedure: ${visit.treatments.join(', ')}\nMaterials: ${visit.products_used.map((p) => `${p.name} x${p.quantity}`).join('; ')}\nNotes: ${visit.transcript}`,
        });
        return send(200, { id: 'chatcmpl-e2e', object: 'chat.completion', created: 0, model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] });
      }
      send(404, { error: { message: 'not found' } });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}
