import { z } from './zod';
import { ExpiryDaySchema } from './fields';
import { CreateSupplierRequestSchema } from './suppliers';
import { BARCODE_MESSAGE, BARCODE_PATTERN, BasicUnitSchema, ContainerSchema, ProductTypeSchema, PRODUCT_MESSAGES } from './products';
import { STOCK_MESSAGES } from './stock';

/**
 * The voice assistant (spec sections 4, 5, 7, 8): the tools it may call, their argument schemas
 * (the same zod schemas become the JSON Schema the model sees and check what it returns), and the
 * one-turn request and answer of POST voice-actions. A tool call never writes: the web shows a
 * confirmation and calls the ordinary create route with the user's own token.
 */
export const ASSISTANT_MESSAGES = {
  stockAdded: 'stock added',
  supplierCreated: 'Supplier Created',
  categoryCreated: 'Category Created',
  productCreated: 'Product Created',
  stockFailed: 'Failed to add stock. Please try again.',
  productFailed: 'Failed to create product. Please try again.',
  supplierFailed: 'Failed to create supplier. Please try again.',
  categoryFailed: 'Failed to create category. Please try again.',
  cancelled: 'Cancelled. Nothing was created.',
  notAllowed: 'Your role may not do this, so nothing was created.',
  notUnderstood: 'Sorry, I did not catch that. Try: "add 3 boxes of Septocaine from Henry Schein at 45 dollars a box".',
  speechNeedsSetup: 'Speech needs transcription set up on the server. Type the command instead.',
  badToolArguments: 'The assistant proposed something incomplete, so nothing was created. Please say it again with the missing details.',
} as const;

export const ASSISTANT_AUDIO_FORMATS = ['wav', 'mp3', 'webm', 'ogg', 'flac'] as const;
export const AssistantAudioFormatSchema = z.enum(ASSISTANT_AUDIO_FORMATS);
export type AssistantAudioFormat = z.infer<typeof AssistantAudioFormatSchema>;
/** Spec section 9: the assistant speaks flac. */
export const ASSISTANT_OUTPUT_AUDIO_FORMAT = 'flac';
export const ASSISTANT_VOICE = 'alloy';
/** Uploaded speech, checked by content: at most 25 MB (the transcription endpoint's own limit). */
export const ASSISTANT_AUDIO_MAX_BYTES = 25 * 1024 * 1024;

const RequiredIdSchema = z.uuid({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'Required' : 'Must be a valid id') });

/** Spec section 5, create_stock. Expiry left out means the default: one year from today. */
export const CreateStockToolSchema = z.object({
  product_id: RequiredIdSchema,
  supplier_id: RequiredIdSchema,
  container_quantity: z.number({ error: 'Required' }).int(STOCK_MESSAGES.wholeNumber).min(1, STOCK_MESSAGES.containersMin).max(1_000_000),
  price_per_container: z.number({ error: 'Required' }).min(0, STOCK_MESSAGES.priceMin).max(10_000_000),
  units_per_container: z.number({ error: 'Required' }).int(STOCK_MESSAGES.wholeNumber).min(1, STOCK_MESSAGES.unitsPerContainerMin).max(1_000_000),
  units_consumed: z.number().int(STOCK_MESSAGES.wholeNumber).min(0, 'Must be 0 or more').max(1_000_000).nullable().optional(),
  expiry: ExpiryDaySchema.nullable().optional(),
});
export type CreateStockTool = z.infer<typeof CreateStockToolSchema>;

/** Spec section 5, create_product: name, basic_unit, type, container and category_id are required. */
export const CreateProductToolSchema = z.object({
  name: z.string({ error: PRODUCT_MESSAGES.nameRequired }).trim().min(1, PRODUCT_MESSAGES.nameRequired).max(200),
  basic_unit: BasicUnitSchema,
  type: ProductTypeSchema,
  container: ContainerSchema,
  category_id: RequiredIdSchema,
  brand: z.string().trim().max(120).optional(),
  barcode: z.string().trim().max(64).regex(BARCODE_PATTERN, BARCODE_MESSAGE).optional(),
});
export type CreateProductTool = z.infer<typeof CreateProductToolSchema>;

/** Spec section 5, create_supplier: name, email, phone, tax_id, contact_email, contact_phone. */
export const CreateSupplierToolSchema = CreateSupplierRequestSchema;
export type CreateSupplierTool = z.infer<typeof CreateSupplierToolSchema>;

/** Spec section 5, create_category: a name of at least one character. */
export const CreateCategoryToolSchema = z.object({ name: z.string({ error: 'Required' }).trim().min(1, 'Name is required').max(80) });
export type CreateCategoryTool = z.infer<typeof CreateCategoryToolSchema>;

/** Asks the user to pick a product (or a supplier) in a dialog, starting from what was said. */
export const SelectProductToolSchema = z.object({ search: z.string().trim().max(200) });
export const SelectSupplierToolSchema = z.object({ search: z.string().trim().max(200) });

export const ASSISTANT_TOOLS = {
  create_stock: { schema: CreateStockToolSchema, description: 'Add stock of a product from a supplier at the current location. Ids come from select_product / select_supplier or earlier tool results.' },
  create_product: { schema: CreateProductToolSchema, description: 'Create a product in the location catalog.' },
  create_supplier: { schema: CreateSupplierToolSchema, description: 'Create a supplier for the current location.' },
  create_category: { schema: CreateCategoryToolSchema, description: 'Create a product category.' },
  select_product: { schema: SelectProductToolSchema, description: 'Ask the user to pick a product in a dialog when the product is unknown or ambiguous; the result gives its id and name.' },
  select_supplier: { schema: SelectSupplierToolSchema, description: 'Ask the user to pick a supplier in a dialog when the supplier is unknown or ambiguous; the result gives its id and name.' },
} as const;
export type AssistantToolName = keyof typeof ASSISTANT_TOOLS;
export const ASSISTANT_TOOL_NAMES = Object.keys(ASSISTANT_TOOLS) as AssistantToolName[];
export const AssistantToolNameSchema = z.enum(ASSISTANT_TOOL_NAMES as [AssistantToolName, ...AssistantToolName[]]);

/** The tools as an OpenAI-compatible chat completion lists them (JSON Schema from the zod schemas). */
export function assistantToolDefinitions() {
  return ASSISTANT_TOOL_NAMES.map((name) => ({
    type: 'function' as const,
    function: { name, description: ASSISTANT_TOOLS[name].description, parameters: z.toJSONSchema(ASSISTANT_TOOLS[name].schema, { io: 'input' }) },
  }));
}

/** Checks a tool call's arguments with the tool's schema: the parsed arguments, or the field problems. */
export function checkToolArguments(name: AssistantToolName, args: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; errors: { field: string; message: string }[] } {
  const result = (ASSISTANT_TOOLS[name].schema as z.ZodType).safeParse(args);
  if (result.success) return { ok: true, value: result.data as Record<string, unknown> };
  return { ok: false, errors: result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })) };
}

export const ToolCallSchema = z.object({
  id: z.string().max(100),
  name: AssistantToolNameSchema,
  arguments: z.record(z.string(), z.unknown()),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * Names for what a tool call's ids point at, so the confirmation card shows "Septocaine from Henry
 * Schein" rather than ids.
 */
export const ToolCallDisplaySchema = z.object({
  product_name: z.string().optional(),
  supplier_name: z.string().optional(),
  category_name: z.string().optional(),
});

/** One earlier turn, as the web keeps the conversation and sends it back with the next turn. */
export const AssistantTurnSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), text: z.string().max(4000) }),
  z.object({
    role: z.literal('assistant'),
    text: z.string().max(4000),
    tool_call: ToolCallSchema.nullable().optional(),
    /** The built-in parser's half-finished command (what it knows, what it asked for): sent back as it came. */
    draft: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
  /** What came of a tool call: created ('stock added'), cancelled, refused, or the user's pick. */
  z.object({ role: z.literal('tool'), tool_call_id: z.string().max(100), name: AssistantToolNameSchema, content: z.string().max(4000), data: z.record(z.string(), z.unknown()).optional() }),
]);
export type AssistantTurn = z.infer<typeof AssistantTurnSchema>;

export const VoiceActionRequestSchema = z.object({
  request: z
    .object({
      /** What the user typed (or the browser's own dictation heard). */
      text: z.string().trim().max(2000).optional(),
      /** Or what the user said: base64 audio, as recorded. */
      audio: z.object({ data: z.base64().max(Math.ceil((ASSISTANT_AUDIO_MAX_BYTES * 4) / 3) + 4), format: AssistantAudioFormatSchema }).optional(),
      /** The conversation so far, oldest first. */
      history: z.array(AssistantTurnSchema).max(60).default([]),
    })
    .refine((r) => r.text || r.audio || r.history.at(-1)?.role === 'tool', { message: 'Say or type something', path: ['text'] }),
});
export type VoiceActionRequest = z.infer<typeof VoiceActionRequestSchema>;

export const VoiceActionResponseSchema = z.object({
  /** 'ai' with an OpenAI-compatible endpoint configured; 'local' runs the built-in command parser on text. */
  mode: z.enum(['ai', 'local']),
  /** What the assistant heard (the transcript of the audio, or the typed text). */
  heard: z.string().nullable(),
  text: z.string(),
  audio: z.object({ data: z.string(), format: z.literal(ASSISTANT_OUTPUT_AUDIO_FORMAT) }).nullable(),
  tool_call: ToolCallSchema.nullable(),
  display: ToolCallDisplaySchema.nullable(),
  /** Local mode: the half-finished command, to keep in the assistant's turn of the history. */
  draft: z.record(z.string(), z.unknown()).nullable(),
});
export type VoiceActionResponse = z.infer<typeof VoiceActionResponseSchema>;

export const TranscriptionResponseSchema = z.object({ text: z.string() });
