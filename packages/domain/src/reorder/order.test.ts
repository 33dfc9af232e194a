import { describe, expect, it } from 'vitest';
import { daysOfCover, joinQuantity, orderQuantity } from './order';

const levels = { reorderPoint: 30, orderUpTo: 73 };

describe('orderQuantity', () => {
  it.each([
    { name: 'above the reorder point: nothing', onHand: 31, onOrder: 0, packSize: 1, units: 0, packs: 0 },
    { name: 'at the reorder point: up to the order-up-to level', onHand: 30, onOrder: 0, packSize: 1, units: 43, packs: 43 },
    { name: 'rounded up to whole packs', onHand: 30, onOrder: 0, packSize: 10, units: 50, packs: 5 },
    { name: 'a pack bigger than the need: one pack', onHand: 20, onOrder: 0, packSize: 100, units: 100, packs: 1 },
    { name: 'what is on order counts', onHand: 10, onOrder: 15, packSize: 1, units: 48, packs: 48 },
    { name: 'on order above the reorder point: nothing more', onHand: 0, onOrder: 40, packSize: 1, units: 0, packs: 0 },
    { name: 'a negative or broken count is no stock', onHand: -5, onOrder: Number.NaN, packSize: 25, units: 75, packs: 3 },
  ])('$name', ({ onHand, onOrder, packSize, units, packs }) => {
    expect(orderQuantity({ onHand, onOrder, levels, packSize, unitPrice: 4.5 })).toEqual({ units, packs });
  });

  it.each([
    { packSize: 0, unitPrice: 4.5, reason: 'The vendor\'s pack size is missing or 0: set it to order this product' },
    { packSize: -10, unitPrice: 4.5, reason: 'The vendor\'s pack size is missing or 0: set it to order this product' },
    { packSize: Number.NaN, unitPrice: 4.5, reason: 'The vendor\'s pack size is missing or 0: set it to order this product' },
    { packSize: 10, unitPrice: 0, reason: 'The vendor\'s price is missing or 0: set it to order this product' },
    { packSize: 10, unitPrice: Number.NaN, reason: 'The vendor\'s price is missing or 0: set it to order this product' },
  ])('orders nothing with a reason on bad vendor data: pack $packSize, price $unitPrice', ({ packSize, unitPrice, reason }) => {
    expect(orderQuantity({ onHand: 0, onOrder: 0, levels, packSize, unitPrice })).toEqual({ units: 0, packs: 0, reason });
  });

  it('orders on pinned or minimum levels the same way', () => {
    expect(orderQuantity({ onHand: 3, onOrder: 0, levels: { reorderPoint: 5, orderUpTo: 5 }, packSize: 1 })).toEqual({ units: 2, packs: 2 });
    expect(orderQuantity({ onHand: 0, onOrder: 0, levels: { reorderPoint: 0, orderUpTo: 0 }, packSize: 1 })).toEqual({ units: 0, packs: 0 });
  });
});

describe('daysOfCover', () => {
  const forecast = { method: 'steady' as const, dailyMean: 5 };
  it.each([
    { usable: 30, leadDays: 7, days: 6, runsOut: true },
    { usable: 30, leadDays: 5, days: 6, runsOut: false },
    { usable: 30, leadDays: 6, days: 6, runsOut: false },
    { usable: 0, leadDays: 3, days: 0, runsOut: true },
    { usable: -4, leadDays: 3, days: 0, runsOut: true },
  ])('$usable units at 5 a day, $leadDays-day lead time: $days days, runs out first: $runsOut', ({ usable, leadDays, days, runsOut }) => {
    expect(daysOfCover(usable, forecast, { days: leadDays })).toEqual({ days, runsOutBeforeDelivery: runsOut });
  });

  it('has no cover without a forecast, and raises no alert', () => {
    expect(daysOfCover(10, { method: 'none', dailyMean: 0 }, { days: 3 })).toEqual({ days: null, runsOutBeforeDelivery: false });
  });
});

describe('joinQuantity (a supplier\'s order going out anyway)', () => {
  it.each([
    { name: 'within half its order quantity of the reorder point: joins, up to its level', onHand: 50, units: 23 },
    { name: 'at the reorder point: as an order of its own', onHand: 30, units: 43 },
    { name: 'further from it: waits', onHand: 60, units: 0 },
  ])('$name', ({ onHand, units }) => {
    expect(joinQuantity({ onHand, onOrder: 0, levels, packSize: 1 }).units).toBe(units);
  });
});
