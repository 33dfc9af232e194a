import { describe, expect, it } from 'vitest';
import { dayLabel, planUpcomingTrays, scheduledUnits, type PlannedProcedure, type TrayItem } from './upcoming-trays';

const implant = { id: '00000000-0000-4000-8000-000000000001', name: 'Implant placement' };
const filling = { id: '00000000-0000-4000-8000-000000000002', name: 'Composite filling' };
const BLX = '00000000-0000-4000-8000-0000000000a1';
const GLOVES = '00000000-0000-4000-8000-0000000000a2';
const trays = new Map<string, TrayItem[]>([
  [implant.id, [{ productId: BLX, productName: 'Straumann BLX 4.0 x 10 mm', quantity: 1 }, { productId: GLOVES, productName: 'Gloves', quantity: 2 }]],
  [filling.id, [{ productId: GLOVES, productName: 'Gloves', quantity: 2 }]],
]);
const planned = (day: string, appointmentRef: string, treatment: typeof implant | null, code = 'D6010', quantity = 1): PlannedProcedure => ({ day, appointmentRef, code, quantity, treatment });

describe('dayLabel', () => {
  it('names the weekday and the date as the UI writes it', () => {
    expect(dayLabel('2026-12-03')).toBe('Thursday 12-03');
    expect(dayLabel('2026-11-29')).toBe('Sunday 11-29');
  });
});

describe('planUpcomingTrays', () => {
  it('warns of a day whose trays need more than is usable, in the words staff read', () => {
    const plan = planUpcomingTrays(
      [planned('2026-12-03', 'a1', implant), planned('2026-12-03', 'a2', implant), planned('2026-12-03', 'a3', implant)],
      trays,
      [{ productId: BLX, expiryDate: null, units: 1 }, { productId: GLOVES, expiryDate: null, units: 100 }],
    );
    expect(plan.days).toHaveLength(1);
    const [day] = plan.days;
    expect(day!.appointments).toBe(3);
    expect(day!.procedures).toEqual([{ code: 'D6010', treatment: implant, count: 3 }]);
    expect(day!.needs.find((n) => n.product_id === BLX)).toMatchObject({ needed: 3, usable: 1, short: 2 });
    expect(day!.needs.find((n) => n.product_id === GLOVES)).toMatchObject({ needed: 6, usable: 100, short: 0 });
    expect(day!.warnings).toEqual(['Thursday 12-03: 3 × Implant placement need 3 × Straumann BLX 4.0 x 10 mm; 1 usable']);
  });

  it('spends the shelf day after day, so a later day sees what the earlier ones left', () => {
    const plan = planUpcomingTrays(
      [planned('2026-12-01', 'a1', filling, 'D2391', 3), planned('2026-12-02', 'a2', filling, 'D2391'), planned('2026-12-02', 'a3', implant)],
      trays,
      [{ productId: GLOVES, expiryDate: null, units: 8 }, { productId: BLX, expiryDate: null, units: 5 }],
    );
    expect(plan.days.map((d) => d.needs.find((n) => n.product_id === GLOVES))).toMatchObject([
      { needed: 6, usable: 8, short: 0 },
      { needed: 4, usable: 2, short: 2, treatments: [{ name: 'Composite filling', count: 1 }, { name: 'Implant placement', count: 1 }] },
    ]);
    expect(plan.days[1]!.warnings).toEqual(['Wednesday 12-02: 1 × Composite filling and 1 × Implant placement need 4 × Gloves; 2 usable']);
  });

  it('does not count a lot that expires before the day, and takes the first-expiring lot first', () => {
    const plan = planUpcomingTrays(
      [planned('2026-12-01', 'a1', implant), planned('2026-12-05', 'a2', implant)],
      new Map([[implant.id, [{ productId: BLX, productName: 'BLX', quantity: 1 }]]]),
      [
        { productId: BLX, expiryDate: '2026-12-03', units: 1 },
        { productId: BLX, expiryDate: '2026-12-02', units: 1 },
      ],
    );
    // Day one takes the lot expiring 12-02; the one expiring 12-03 is left but has expired by 12-05.
    expect(plan.days.map((d) => [d.needs[0]!.usable, d.needs[0]!.short])).toEqual([[2, 0], [0, 1]]);
  });

  it('lists unmapped codes and counts no tray for them', () => {
    const plan = planUpcomingTrays([planned('2026-12-01', 'a1', null, 'D0150'), planned('2026-12-02', 'a2', null, 'D0150', 2)], trays, []);
    expect(plan.unmapped).toEqual([{ code: 'D0150', count: 3 }]);
    expect(plan.days.every((d) => d.needs.length === 0 && d.warnings.length === 0)).toBe(true);
  });
});

describe('scheduledUnits', () => {
  it('adds the trays of the procedures up to a day', () => {
    const units = scheduledUnits([planned('2026-12-01', 'a1', implant, 'D6010', 2), planned('2026-12-09', 'a2', implant)], trays, '2026-12-05');
    expect(units.get(BLX)).toBe(2);
    expect(units.get(GLOVES)).toBe(4);
  });
});
