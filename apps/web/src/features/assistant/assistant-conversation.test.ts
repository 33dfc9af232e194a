import { describe, expect, it } from 'vitest';
import type { AssistantTurn, ToolCall } from '@clinic/domain';
import { appendAnswer, confirmationRows, createRequestOf, pendingActionFor, trimHistory } from './assistant-conversation';

const PRODUCT_ID = '6f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
const SUPPLIER_ID = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
const TODAY = '2026-11-25';

const stockCall = (args: Record<string, unknown> = {}): ToolCall => ({
  id: 'call_1',
  name: 'create_stock',
  arguments: { product_id: PRODUCT_ID, supplier_id: SUPPLIER_ID, container_quantity: 3, units_per_container: 50, price_per_container: 45.5, ...args },
});

describe('assistant conversation', () => {
  it('checks a tool call with its schema: arguments that break it ask nothing of the user', () => {
    expect(pendingActionFor(stockCall(), null)).toMatchObject({ kind: 'confirm', action: { tool: 'create_stock' } });
    expect(pendingActionFor(stockCall({ container_quantity: 0 }), null)).toBeNull();
    expect(pendingActionFor({ id: 'c', name: 'select_supplier', arguments: { search: 'Henry' } }, null)).toEqual({ kind: 'select_supplier', call: { id: 'c', name: 'select_supplier', arguments: { search: 'Henry' } }, search: 'Henry' });
    expect(pendingActionFor({ id: 'c', name: 'create_supplier', arguments: { name: 'Acme' } }, null)).toBeNull();
  });

  it('shows a stock with a given expiry, consumed units and totals', () => {
    const action = pendingActionFor(stockCall({ expiry: '2027-03-31', units_consumed: 4 }), { product_name: 'Septocaine', supplier_name: 'Henry Schein Dental' });
    if (action?.kind !== 'confirm') throw new Error('expected a confirmation');
    expect(confirmationRows(action.action, action.display, TODAY)).toEqual([
      { label: 'Product', value: 'Septocaine' },
      { label: 'Supplier', value: 'Henry Schein Dental' },
      { label: 'Containers', value: '3' },
      { label: 'Units per container', value: '50' },
      { label: 'Price per container', value: '$45.50' },
      { label: 'Total units', value: '3 × 50 = 150 units' },
      { label: 'Total cost', value: '3 × $45.50 = $136.50' },
      { label: 'Unit price', value: '$0.91' },
      { label: 'Units consumed', value: '4' },
      { label: 'Expiry date', value: '03-31-2027' },
    ]);
    if (action.action.tool !== 'create_stock') throw new Error('expected stock');
    expect(createRequestOf(action.action, TODAY)).toEqual({ product_id: PRODUCT_ID, supplier_id: SUPPLIER_ID, container_quantity: 3, units_per_container: 50, price_per_container: 45.5, expiry_date: '2027-03-31', units_consumed: 4 });
  });

  it('a stock without expiry gets the default, one year from today', () => {
    const action = pendingActionFor(stockCall({ expiry: null }), null);
    if (action?.kind !== 'confirm' || action.action.tool !== 'create_stock') throw new Error('expected stock');
    expect(createRequestOf(action.action, TODAY).expiry_date).toBe('2027-11-25');
    expect(confirmationRows(action.action, null, TODAY).find((row) => row.label === 'Expiry date')?.value).toBe('11-25-2027 (default: one year from today)');
    expect(confirmationRows(action.action, null, TODAY).find((row) => row.label === 'Product')?.value).toBe('—');
  });

  it('shows every supplier field', () => {
    const action = pendingActionFor(
      { id: 'c', name: 'create_supplier', arguments: { name: 'Acme Dental', email: 'orders@acme.example', phone: '+1 512 555 0100', tax_id: '12-3456789', contact_email: 'sam@acme.example', contact_phone: '+1 512 555 0101' } },
      null,
    );
    if (action?.kind !== 'confirm') throw new Error('expected a confirmation');
    expect(confirmationRows(action.action, null, TODAY).map((row) => `${row.label}: ${row.value}`)).toEqual([
      'Name: Acme Dental',
      'Email: orders@acme.example',
      'Phone: +1 512 555 0100',
      'Tax ID: 12-3456789',
      'Address: —',
      'Contact email: sam@acme.example',
      'Contact phone: +1 512 555 0101',
    ]);
  });

  it('keeps the conversation: a turn without user text adds only the assistant’s', () => {
    const answer = { mode: 'local' as const, heard: null, text: 'Done.', audio: null, tool_call: null, display: null, draft: null };
    expect(appendAnswer([], 'add gloves', answer)).toEqual([{ role: 'user', text: 'add gloves' }, { role: 'assistant', text: 'Done.', tool_call: null, draft: null }]);
    expect(appendAnswer([], '  ', answer)).toEqual([{ role: 'assistant', text: 'Done.', tool_call: null, draft: null }]);
  });

  it('trims to the newest 60 turns, starting at a user turn so no tool result loses its call', () => {
    const turns: AssistantTurn[] = [];
    for (let i = 0; i < 25; i += 1) {
      turns.push({ role: 'user', text: `u${String(i)}` }, { role: 'assistant', text: `a${String(i)}` }, { role: 'tool', tool_call_id: `c${String(i)}`, name: 'select_product', content: 'Selected' });
    }
    const trimmed = trimHistory(turns);
    expect(trimmed.length).toBeLessThanOrEqual(60);
    expect(trimmed[0]).toEqual({ role: 'user', text: 'u5' });
    expect(trimmed.at(-1)).toEqual(turns.at(-1));
    expect(trimHistory(turns.slice(0, 6))).toEqual(turns.slice(0, 6));
  });
});
