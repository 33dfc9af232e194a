import { describe, expect, it } from 'vitest';
import type { RunningList } from '@clinic/domain';
import { newestOpenListOf, runningListDefaultsFor } from './reorder-defaults';

const BENCO = { id: '11111111-1111-4111-8111-111111111111', name: 'Benco' };

describe('runningListDefaultsFor', () => {
  it('counts containers of the newest receipt that bring the stock back to its minimum, rounded up', () => {
    expect(runningListDefaultsFor({ unitsInStock: 4, minimum: 10, lastReceipt: { supplier: BENCO, units_per_container: 5 } })).toEqual({
      supplier: BENCO,
      quantity: 2,
      hint: '6 units short of the minimum of 10: 2 containers of 5 units',
    });
    expect(runningListDefaultsFor({ unitsInStock: 0, minimum: 300, lastReceipt: { supplier: BENCO, units_per_container: 100 } }).quantity).toBe(3);
  });

  it('counts units when the product comes one unit per container (consumables)', () => {
    expect(runningListDefaultsFor({ unitsInStock: 9, minimum: 10, lastReceipt: { supplier: BENCO, units_per_container: 1 } })).toEqual({
      supplier: BENCO,
      quantity: 1,
      hint: '1 unit short of the minimum of 10',
    });
  });

  it('asks for at least 1, and keeps the default when the product was never received', () => {
    expect(runningListDefaultsFor({ unitsInStock: 10, minimum: 10, lastReceipt: { supplier: BENCO, units_per_container: 5 } }).quantity).toBe(1);
    expect(runningListDefaultsFor({ unitsInStock: 0, minimum: 20, lastReceipt: null })).toEqual({ supplier: null, quantity: 1, hint: '20 units short of the minimum of 20; units per container not known yet' });
  });
});

describe('newestOpenListOf', () => {
  const list = (id: string, supplierId: string, created: string, ordered: string | null = null) =>
    ({ id, supplier: { id: supplierId, name: 'x' }, created_at: created, ordered_at: ordered, purchase_order_id: null, products_count: 0, high_priority_count: 0, total: 0 }) as RunningList;

  it("picks the supplier's newest list that is not ordered", () => {
    const lists = [list('a', BENCO.id, '2026-01-01T00:00:00Z'), list('b', BENCO.id, '2026-02-01T00:00:00Z'), list('c', BENCO.id, '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'), list('d', 'other', '2026-04-01T00:00:00Z')];
    expect(newestOpenListOf(lists, BENCO.id)?.id).toBe('b');
    expect(newestOpenListOf(lists, 'nobody')).toBeUndefined();
  });
});
