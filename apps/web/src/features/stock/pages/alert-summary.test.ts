import { describe, expect, it } from 'vitest';
import type { Alert as StockAlert } from '@clinic/domain';
import { alertSummary } from './alerts-page';

const alert = (overrides: Partial<StockAlert>): StockAlert =>
  ({
    id: '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b',
    kind: 'runs_out',
    created_at: '2026-11-10T02:40:00.000Z',
    product: { id: '2c3d4e5f-6071-4829-9bac-1d2e3f4a5b6c', name: 'Gauze', product_image_url: null },
    stock: null,
    units_in_stock: 7,
    minimum_stock: 0,
    last_receipt: null,
    recall: null,
    request: null,
    forecast: { daily_use: 2.5, lead_time_days: 4 },
    ...overrides,
  }) as StockAlert;

describe('the "runs out" alert (issue 35)', () => {
  it('says in how many days, at what use, against the delivery time', () => {
    expect(alertSummary(alert({}))).toBe('Runs out in 2 days at 2.5 a day · a delivery takes 4 days · 7 units in stock');
  });

  it('says out of stock when nothing is left, and reads occasional use in hundredths', () => {
    expect(alertSummary(alert({ units_in_stock: 0 }))).toBe('Out of stock · a delivery takes 4 days');
    expect(alertSummary(alert({ units_in_stock: 1, forecast: { daily_use: 0.04, lead_time_days: 30 } }))).toBe('Runs out in 25 days at 0.04 a day · a delivery takes 30 days · 1 unit in stock');
  });

  it('still reads without its forecast', () => {
    expect(alertSummary(alert({ forecast: null }))).toBe('7 units in stock: runs out before a delivery ordered today arrives');
  });
});
