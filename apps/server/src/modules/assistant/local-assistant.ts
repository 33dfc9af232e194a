import {
  ASSISTANT_MESSAGES,
  checkToolArguments,
  CommandDraftSchema,
  formatCents,
  parseAssistantCommand,
  resumeCommand,
  type AssistantToolName,
  type AssistantTurn,
  type CommandDraft,
  type VoiceActionResponse,
  toCents,
} from '@clinic/domain';
import type { Actor } from '../../core/actor';
import type { AssistantResolver, Named } from './assistant-resolver';

/**
 * The assistant without an AI endpoint: the built-in parser reads typed (or dictated) text into a
 * command, names are looked up in the user's location, and the same tool calls come out as the
 * model would make: a selection when a name is ambiguous or unknown, a create call once complete.
 * Its state rides in the assistant's turns of the history (`draft`), so every turn stands alone.
 */
interface LocalDraft {
  command: CommandDraft;
  product?: Named;
  supplier?: Named;
  /** The items of a stock list still to come, each a confirmation of its own after this one. */
  queue?: CommandDraft[];
  /** Which item of the list this is ("2 of 3"), said before each of its replies. */
  item?: { index: number; total: number };
}

/** The queue as the web sent it back: only well-formed drafts, at most a list's length. */
const QueueSchema = CommandDraftSchema.array().max(20);
const NEXT_ITEM = /^(?:next|skip|skip\s+(?:it|this|that)|continue|go\s+on|carry\s+on|next\s+(?:one|item))[\s.!]*$/i;

const SELECTED_FIELD = { select_product: 'product', select_supplier: 'supplier' } as const;

function lastDraft(history: AssistantTurn[]): LocalDraft | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const turn = history[i]!;
    if (turn.role === 'assistant') return (turn.draft as LocalDraft | null | undefined) ?? null;
  }
  return null;
}

const reply = (text: string, extra: Partial<VoiceActionResponse> = {}): VoiceActionResponse => ({
  mode: 'local',
  heard: null,
  text,
  audio: null,
  tool_call: null,
  display: null,
  draft: null,
  ...extra,
});

let sequence = 0;
const callId = () => `local_call_${Date.now().toString(36)}_${(sequence += 1).toString(36)}`;

/** A list's item says which it is; its card keeps the list, so the next item follows the result. */
function numbered(draft: LocalDraft, answer: VoiceActionResponse): VoiceActionResponse {
  if (!draft.item) return answer;
  const text = `(${String(draft.item.index)} of ${String(draft.item.total)}) ${answer.text}`;
  const listed = answer.tool_call && answer.draft === null && draft.queue?.length ? { draft: draft as unknown as Record<string, unknown> } : {};
  return { ...answer, text, ...listed };
}

function queueOf(draft: LocalDraft | null): CommandDraft[] {
  const checked = QueueSchema.safeParse(draft?.queue ?? []);
  return checked.success ? checked.data : [];
}

export function createLocalAssistant(resolver: AssistantResolver) {
  /** Builds the create call for a complete command, or the selection or question still needed. */
  async function next(actor: Actor, draft: LocalDraft): Promise<VoiceActionResponse> {
    const { command } = draft;
    const fields = command.fields;
    const keep = (extra: Partial<VoiceActionResponse>) => ({ ...extra, draft: draft as unknown as Record<string, unknown> });

    if (command.intent === 'create_stock') {
      if (!draft.product) {
        const said = String(fields.product_name ?? '');
        const found = await resolver.product(actor, said);
        if ('found' in found) draft.product = found.found;
        else return reply(found.candidates.length ? `Which ${said} do you mean?` : `I could not find "${said}". Please pick the product.`, keep({ tool_call: { id: callId(), name: 'select_product', arguments: { search: said } } }));
      }
      if (!draft.supplier) {
        const said = String(fields.supplier_name ?? '');
        const found = await resolver.supplier(actor, said);
        if ('found' in found) draft.supplier = found.found;
        else return reply(found.candidates.length ? `Which supplier do you mean by "${said}"?` : `I could not find the supplier "${said}". Please pick one.`, keep({ tool_call: { id: callId(), name: 'select_supplier', arguments: { search: said } } }));
      }
      const args = {
        product_id: draft.product.id,
        supplier_id: draft.supplier.id,
        container_quantity: fields.container_quantity,
        price_per_container: fields.price_per_container,
        units_per_container: fields.units_per_container,
        expiry: fields.expiry ?? null,
      };
      const quantity = Number(fields.container_quantity);
      const text = `Add ${quantity} × ${draft.product.name} (${String(fields.units_per_container)} per container) from ${draft.supplier.name} at ${formatCents(toCents(Number(fields.price_per_container)))} each? Please confirm.`;
      return propose(actor, 'create_stock', args, text, { product_name: draft.product.name, supplier_name: draft.supplier.name });
    }

    if (command.intent === 'create_product') {
      const said = String(fields.category_name ?? '');
      const category = await resolver.category(actor, said);
      if (!category) {
        command.asking = 'category_name';
        return reply(`I could not find the category "${said}". Which category should it go in?`, keep({}));
      }
      const args = { name: fields.name, basic_unit: fields.basic_unit, type: fields.type, container: fields.container, category_id: category.id };
      return propose(actor, 'create_product', args, `Create the product ${String(fields.name)} in ${category.name}? Please confirm.`, { category_name: category.name });
    }

    if (command.intent === 'create_supplier') {
      const args = Object.fromEntries(['name', 'email', 'phone', 'tax_id', 'address', 'contact_email', 'contact_phone'].flatMap((k) => (fields[k] == null ? [] : [[k, fields[k]]])));
      return propose(actor, 'create_supplier', args, `Create the supplier ${String(fields.name)}? Please confirm.`, {});
    }

    return propose(actor, 'create_category', { name: fields.name }, `Create the category ${String(fields.name)}? Please confirm.`, {});
  }

  /** A create call checked against its tool schema exactly as a model's would be. */
  function propose(_actor: Actor, name: AssistantToolName, args: Record<string, unknown>, text: string, display: Record<string, string>): VoiceActionResponse {
    const checked = checkToolArguments(name, args);
    if (!checked.ok) return reply(`${ASSISTANT_MESSAGES.badToolArguments} (${checked.errors.map((e) => `${e.field}: ${e.message}`).join('; ')})`);
    return reply(text, { tool_call: { id: callId(), name, arguments: checked.value }, display });
  }

  /** The next item of a stock list: its first question, or its card. */
  async function advance(actor: Actor, draft: LocalDraft): Promise<VoiceActionResponse> {
    const [item, ...rest] = queueOf(draft);
    if (!item) return reply(ASSISTANT_MESSAGES.notUnderstood);
    const index = (draft.item?.index ?? 1) + 1;
    const outcome = resumeCommand(item);
    if (outcome.kind !== 'ready' && outcome.kind !== 'question') return reply(ASSISTANT_MESSAGES.notUnderstood);
    const nextDraft: LocalDraft = { command: outcome.draft, queue: rest, item: { index, total: draft.item?.total ?? index + rest.length } };
    if (outcome.kind === 'question') return numbered(nextDraft, reply(outcome.question, { draft: nextDraft as unknown as Record<string, unknown> }));
    return numbered(nextDraft, await next(actor, nextDraft));
  }

  return {
    async turn(actor: Actor, text: string | null, history: AssistantTurn[], today: string): Promise<VoiceActionResponse> {
      const last = history.at(-1);
      const draft = lastDraft(history);
      const queue = queueOf(draft);

      // A tool result: the user's pick continues the command; anything else (created, cancelled, refused) ends it.
      if (last?.role === 'tool' && !text) {
        const field = SELECTED_FIELD[last.name as keyof typeof SELECTED_FIELD] as 'product' | 'supplier' | undefined;
        const id = last.data?.[`${field ?? ''}_id`];
        if (field && draft && typeof id === 'string') {
          draft[field] = { id, name: String(last.data?.name ?? '') };
          return numbered(draft, await next(actor, draft));
        }
        // A card of a list answered (created or refused): the list goes on with its next item.
        if (draft && queue.length && last.name.startsWith('create_')) {
          const following = await advance(actor, draft);
          return { ...following, text: `${last.content} ${following.text}` };
        }
        return reply(last.content);
      }
      if (!text) return reply(ASSISTANT_MESSAGES.notUnderstood);
      // "next" or "skip" moves on to the list's next item (after a card was cancelled, say).
      if (draft && queue.length && NEXT_ITEM.test(text.trim())) return { ...(await advance(actor, draft)), heard: text };

      const outcome = parseAssistantCommand(text, draft?.command ?? null, today);
      if (outcome.kind === 'not_understood') return reply(ASSISTANT_MESSAGES.notUnderstood, { heard: text });
      if (outcome.kind === 'cancelled') return reply(ASSISTANT_MESSAGES.cancelled, { heard: text });
      // A new command starts afresh; an answer to the last question keeps what was already picked.
      const sameCommand = draft !== null && outcome.draft.intent === draft.command.intent && draft.command.asking !== null;
      const nextDraft: LocalDraft = { command: outcome.draft, ...(sameCommand && draft.product ? { product: draft.product } : {}), ...(sameCommand && draft.supplier ? { supplier: draft.supplier } : {}) };
      // A list's items wait in the draft; an answer to a question keeps the list it belongs to.
      if (outcome.queue?.length) Object.assign(nextDraft, { queue: outcome.queue, item: { index: 1, total: outcome.queue.length + 1 } });
      else if (sameCommand && queue.length && draft.item) Object.assign(nextDraft, { queue, item: draft.item });
      if (outcome.kind === 'question') return numbered(nextDraft, reply(outcome.question, { heard: text, draft: nextDraft as unknown as Record<string, unknown> }));
      return { ...numbered(nextDraft, await next(actor, nextDraft)), heard: text };
    },
  };
}
