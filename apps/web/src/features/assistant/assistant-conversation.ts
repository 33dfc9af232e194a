import {
  ASSISTANT_MESSAGES,
  CreateCategoryToolSchema,
  CreateProductToolSchema,
  CreateStockToolSchema,
  CreateSupplierToolSchema,
  defaultExpiryDate,
  SelectProductToolSchema,
  SelectSupplierToolSchema,
  unitPriceOf,
  type AssistantTurn,
  type CreateCategoryRequest,
  type CreateCategoryTool,
  type CreateProductRequest,
  type CreateProductTool,
  type CreateStockRequest,
  type CreateStockTool,
  type CreateSupplierRequest,
  type CreateSupplierTool,
  type ToolCall,
  type VoiceActionResponse,
  amountOf,
} from '@clinic/domain';
import { formatDate, formatDollars, unitCount } from '../../lib/format';

/**
 * The voice assistant's conversation as the web keeps it (the server keeps none): the turns sent
 * back with every request, what a tool call asks of the user, and what a confirmed creation posts.
 */

/** POST voice-actions takes at most 60 earlier turns. */
export const HISTORY_LIMIT = 60;

export type ToolCallDisplay = NonNullable<VoiceActionResponse['display']>;

export type CreateAction =
  | { tool: 'create_stock'; args: CreateStockTool }
  | { tool: 'create_product'; args: CreateProductTool }
  | { tool: 'create_supplier'; args: CreateSupplierTool }
  | { tool: 'create_category'; args: CreateCategoryTool };

/** What the assistant's tool call waits for: a pick in a selection dialog, or Confirm / Cancel on a card. */
export type PendingAction =
  | { kind: 'select_product' | 'select_supplier'; call: ToolCall; search: string }
  | { kind: 'confirm'; call: ToolCall; action: CreateAction; display: ToolCallDisplay | null };

/** The title and the section 8 result messages of each creation. */
export const CREATE_TOOL_TEXT: Record<CreateAction['tool'], { title: string; success: string; failure: string }> = {
  create_stock: { title: 'Add stock', success: ASSISTANT_MESSAGES.stockAdded, failure: ASSISTANT_MESSAGES.stockFailed },
  create_product: { title: 'Create product', success: ASSISTANT_MESSAGES.productCreated, failure: ASSISTANT_MESSAGES.productFailed },
  create_supplier: { title: 'Create supplier', success: ASSISTANT_MESSAGES.supplierCreated, failure: ASSISTANT_MESSAGES.supplierFailed },
  create_category: { title: 'Create category', success: ASSISTANT_MESSAGES.categoryCreated, failure: ASSISTANT_MESSAGES.categoryFailed },
};

/** The tool call as something to show the user, its arguments checked by the tool's own schema; null when they break it. */
export function pendingActionFor(call: ToolCall, display: ToolCallDisplay | null): PendingAction | null {
  switch (call.name) {
    case 'select_product': {
      const parsed = SelectProductToolSchema.safeParse(call.arguments);
      return parsed.success ? { kind: 'select_product', call, search: parsed.data.search } : null;
    }
    case 'select_supplier': {
      const parsed = SelectSupplierToolSchema.safeParse(call.arguments);
      return parsed.success ? { kind: 'select_supplier', call, search: parsed.data.search } : null;
    }
    case 'create_stock': {
      const parsed = CreateStockToolSchema.safeParse(call.arguments);
      return parsed.success ? { kind: 'confirm', call, display, action: { tool: 'create_stock', args: parsed.data } } : null;
    }
    case 'create_product': {
      const parsed = CreateProductToolSchema.safeParse(call.arguments);
      return parsed.success ? { kind: 'confirm', call, display, action: { tool: 'create_product', args: parsed.data } } : null;
    }
    case 'create_supplier': {
      const parsed = CreateSupplierToolSchema.safeParse(call.arguments);
      return parsed.success ? { kind: 'confirm', call, display, action: { tool: 'create_supplier', args: parsed.data } } : null;
    }
    case 'create_category': {
      const parsed = CreateCategoryToolSchema.safeParse(call.arguments);
      return parsed.success ? { kind: 'confirm', call, display, action: { tool: 'create_category', args: parsed.data } } : null;
    }
  }
}

/** The turns an answer adds: what the user said or typed (none for a turn that only delivered a tool result), then the assistant's. */
export function appendAnswer(history: readonly AssistantTurn[], userText: string, answer: VoiceActionResponse): AssistantTurn[] {
  const next: AssistantTurn[] = [...history];
  if (userText.trim()) next.push({ role: 'user', text: userText.trim() });
  next.push({ role: 'assistant', text: answer.text, tool_call: answer.tool_call, draft: answer.draft });
  return next;
}

/** What came of a tool call, for the assistant to read with the next turn. */
export function toolTurn(call: ToolCall, content: string, data?: Record<string, unknown>): AssistantTurn {
  return data ? { role: 'tool', tool_call_id: call.id, name: call.name, content, data } : { role: 'tool', tool_call_id: call.id, name: call.name, content };
}

/**
 * The newest turns that fit the request (at most 60), starting at a user turn so no tool result
 * is sent without the tool call it answers.
 */
export function trimHistory(history: readonly AssistantTurn[], limit = HISTORY_LIMIT): AssistantTurn[] {
  if (history.length <= limit) return [...history];
  let start = history.length - limit;
  while (start < history.length && history[start]?.role !== 'user') start += 1;
  return history.slice(start);
}

/** A stock's totals as the card shows them. `today` is an ISO date. */
export function stockFigures(args: CreateStockTool, today: string) {
  const expiry = args.expiry ?? defaultExpiryDate(today);
  return {
    totalUnits: args.container_quantity * args.units_per_container,
    totalCost: amountOf(args.container_quantity, args.price_per_container),
    unitPrice: unitPriceOf(args.price_per_container, args.units_per_container),
    expiry,
    expiryIsDefault: args.expiry == null,
  };
}

/** The body of the ordinary create route for a confirmed action. */
export function createRequestOf(action: Extract<CreateAction, { tool: 'create_stock' }>, today: string): CreateStockRequest;
export function createRequestOf(action: Extract<CreateAction, { tool: 'create_product' }>, today: string): CreateProductRequest;
export function createRequestOf(action: Extract<CreateAction, { tool: 'create_supplier' }>, today: string): CreateSupplierRequest;
export function createRequestOf(action: Extract<CreateAction, { tool: 'create_category' }>, today: string): CreateCategoryRequest;
export function createRequestOf(action: CreateAction, today: string): CreateStockRequest | CreateProductRequest | CreateSupplierRequest | CreateCategoryRequest {
  switch (action.tool) {
    case 'create_stock': {
      const { args } = action;
      return {
        product_id: args.product_id,
        supplier_id: args.supplier_id,
        container_quantity: args.container_quantity,
        units_per_container: args.units_per_container,
        price_per_container: args.price_per_container,
        expiry_date: args.expiry ?? defaultExpiryDate(today),
        units_consumed: args.units_consumed ?? null,
      };
    }
    case 'create_product': {
      const { args } = action;
      return { name: args.name, type: args.type, container: args.container, basic_unit: args.basic_unit, category_id: args.category_id, brand: args.brand, barcode: args.barcode };
    }
    case 'create_supplier':
      return { ...action.args };
    case 'create_category':
      return { name: action.args.name };
  }
}

export interface CardRow {
  label: string;
  value: string;
}

const orDash = (value: string | undefined | null) => (value && value.trim() ? value : '—');

/** Every field of what will be created, labelled, with names instead of ids and the totals worked out. */
export function confirmationRows(action: CreateAction, display: ToolCallDisplay | null, today: string): CardRow[] {
  switch (action.tool) {
    case 'create_stock': {
      const { args } = action;
      const figures = stockFigures(args, today);
      const price = formatDollars(args.price_per_container);
      return [
        { label: 'Product', value: orDash(display?.product_name) },
        { label: 'Supplier', value: orDash(display?.supplier_name) },
        { label: 'Containers', value: String(args.container_quantity) },
        { label: 'Units per container', value: String(args.units_per_container) },
        { label: 'Price per container', value: price },
        { label: 'Total units', value: `${String(args.container_quantity)} × ${String(args.units_per_container)} = ${unitCount(figures.totalUnits)}` },
        { label: 'Total cost', value: `${String(args.container_quantity)} × ${price} = ${formatDollars(figures.totalCost)}` },
        { label: 'Unit price', value: formatDollars(figures.unitPrice) },
        { label: 'Units consumed', value: String(args.units_consumed ?? 0) },
        { label: 'Expiry date', value: figures.expiryIsDefault ? `${formatDate(figures.expiry)} (default: one year from today)` : formatDate(figures.expiry) },
      ];
    }
    case 'create_product': {
      const { args } = action;
      return [
        { label: 'Name', value: args.name },
        { label: 'Type', value: args.type },
        { label: 'Container', value: args.container },
        { label: 'Basic unit', value: args.basic_unit },
        { label: 'Category', value: orDash(display?.category_name) },
        { label: 'Brand', value: orDash(args.brand) },
        { label: 'Barcode', value: orDash(args.barcode) },
      ];
    }
    case 'create_supplier': {
      const { args } = action;
      return [
        { label: 'Name', value: args.name },
        { label: 'Email', value: args.email },
        { label: 'Phone', value: args.phone },
        { label: 'Tax ID', value: args.tax_id },
        { label: 'Address', value: orDash(args.address) },
        { label: 'Contact email', value: args.contact_email },
        { label: 'Contact phone', value: args.contact_phone },
      ];
    }
    case 'create_category':
      return [{ label: 'Name', value: action.args.name }];
  }
}
