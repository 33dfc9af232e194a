import { stockUnitOf, type CaseNoteCatalogEntry, type NoteSpan, type ProposedLine } from '@clinic/domain';
import { lazy } from '../../core/lazy';
import { loadOpenAiSdk } from '../../core/openai-sdk';
import type { TrayProposer, TrayProposerInput } from './tray-proposer';

/** The OpenAI-compatible endpoint of the case notes (OPENAI_BASE_URL, OPENAI_API_KEY, its chat model). */
export interface TrayProposerAiOptions {
  baseUrl?: string | undefined;
  apiKey: string;
  chatModel: string;
}

/** The most products offered to the model: the catalog's products that share a word with the note come first. */
export const MAX_CANDIDATES = 150;
/** A line asking for more than this many stock units of one product is not a visit's use. */
export const MAX_PROPOSED_QUANTITY = 1000;

const INSTRUCTIONS = [
  'You read the case note of a dental or aesthetic visit and list the products it says were used.',
  'Only products from the given list, named by their id; never any other id. Leave out anything the note does not say was used, or that you are unsure of.',
  'quantity is in the product\'s stock unit ("unit"): items and cartridges one by one, a fraction of a tube, bottle or vial when only part of it was used.',
  'words: the exact words of the note that name the product and its amount, copied character for character.',
  'Prefer the design\'s products when the note is ambiguous; when the note gives no amount of a design product, use the design\'s quantity.',
].join(' ');

/** Structured output (strict): a list of lines, each a product of the list, a quantity and the note's words. */
function responseFormat(ids: string[]) {
  return {
    type: 'json_schema' as const,
    json_schema: {
      name: 'tray_proposal',
      strict: true,
      schema: {
        type: 'object',
        additionalProperties: false,
        required: ['lines'],
        properties: {
          lines: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['product_id', 'quantity', 'words'],
              properties: {
                product_id: { type: 'string', enum: ids },
                quantity: { type: 'number' },
                words: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  };
}

const wordsOf = (text: string) => new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3 || (/\d/.test(w) && /[a-z]/.test(w))));

/** The catalog's products worth offering: those of the design, then those sharing the most words with the note. */
export function candidatesFor(input: TrayProposerInput, max = MAX_CANDIDATES): CaseNoteCatalogEntry[] {
  const noteWords = wordsOf(input.note);
  const design = new Set(input.design.map((d) => d.product_id));
  const scored = input.catalog.map((product) => {
    const shared = [...wordsOf(`${product.name} ${product.brand} ${product.manufacturer_code}`)].filter((w) => noteWords.has(w)).length;
    return { product, score: (design.has(product.id) ? 100 : 0) + shared };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map((s) => s.product);
}

/** Where each quoted phrase occurs in the note (case aside), in order; phrases it does not hold are left out. */
export function spansIn(note: string, phrases: readonly string[]): NoteSpan[] {
  const lower = note.toLowerCase();
  const spans: NoteSpan[] = [];
  for (const phrase of phrases) {
    const wanted = phrase.trim().toLowerCase();
    if (!wanted) continue;
    const start = lower.indexOf(wanted);
    if (start < 0) continue;
    spans.push({ text: note.slice(start, start + wanted.length), start, end: start + wanted.length });
  }
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * The model's answer checked before anyone sees it: a product not among the candidates (invented,
 * or not this location's) is dropped, so is a quantity that is not a positive, sane number of stock
 * units, a line whose words the note does not hold, and a second line of the same product.
 */
export function checkAnswer(answer: unknown, note: string, candidates: readonly CaseNoteCatalogEntry[]): { lines: ProposedLine[]; dropped: number } {
  const raw = (answer as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(raw)) throw new Error('the tray proposal service answered no list of lines');
  const known = new Set(candidates.map((c) => c.id));
  const lines: ProposedLine[] = [];
  let dropped = 0;
  for (const item of raw as unknown[]) {
    const { product_id: productId, quantity, words } = (item ?? {}) as { product_id?: unknown; quantity?: unknown; words?: unknown };
    const spans = Array.isArray(words) ? spansIn(note, words.filter((w): w is string => typeof w === 'string')) : [];
    const amount = typeof quantity === 'number' ? Math.round(quantity * 1000) / 1000 : Number.NaN;
    const ok =
      typeof productId === 'string' &&
      known.has(productId) &&
      !lines.some((l) => l.product_id === productId) &&
      Number.isFinite(amount) &&
      amount > 0 &&
      amount <= MAX_PROPOSED_QUANTITY &&
      spans.length > 0;
    if (ok) lines.push({ product_id: productId, quantity: amount, words: spans });
    else dropped += 1;
  }
  return { lines, dropped };
}

/**
 * Any OpenAI-compatible endpoint (the case notes' configuration): one chat completion with
 * structured output (response_format json_schema, strict) over the catalog's candidate products by
 * id. Its lines are checked (checkAnswer); when the call fails or answers something unreadable, the
 * local matcher proposes instead, so the chair always gets a proposal.
 */
export function createOpenAiTrayProposer(options: TrayProposerAiOptions, fallback: TrayProposer, onFailure: (error: unknown) => void = () => undefined): TrayProposer {
  // Loaded with the first call (core/openai-sdk.ts), not when the server starts.
  const connect = lazy(async () => {
    const { default: OpenAI } = await loadOpenAiSdk();
    // A clinician waits for it at the chair: one quick retry, then the local matcher.
    return new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 1, timeout: 30_000 });
  });

  async function ask(input: TrayProposerInput) {
    const candidates = candidatesFor(input);
    if (candidates.length === 0) return { engine: 'openai' as const, lines: [], dropped: 0 };
    const client = await connect();
    const completion = await client.chat.completions.create({
      model: options.chatModel,
      response_format: responseFormat(candidates.map((c) => c.id)),
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        {
          role: 'user',
          content: JSON.stringify({
            note: input.note,
            products: candidates.map((c) => ({ id: c.id, name: c.name, brand: c.brand, unit: stockUnitOf(c) })),
            design: input.design,
          }),
        },
      ],
    });
    const content = completion.choices[0]?.message.content ?? '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new Error('the tray proposal service answered something that is not JSON');
    }
    return { engine: 'openai' as const, ...checkAnswer(parsed, input.note, candidates) };
  }

  return {
    async propose(input) {
      try {
        return await ask(input);
      } catch (error) {
        onFailure(error);
        return fallback.propose(input);
      }
    },
  };
}
