import { describe, expect, it } from 'vitest';
import {
  decimalToCents,
  effectiveSubscription,
  formatCents,
  planOffers,
  setupFeeCents,
  SUBSCRIPTION_STATUSES,
  type SubscriptionEntry,
  type SubscriptionStatus,
} from './index';

const now = new Date('2026-11-25T12:00:00Z');
const day = 86_400_000;
const entry = (status: SubscriptionStatus, expiresInDays: number, extra: Partial<SubscriptionEntry> & { name?: string } = {}) => ({
  name: extra.name ?? status,
  status,
  expiresAt: new Date(now.getTime() + expiresInDays * day),
  hasOpenInvoices: extra.hasOpenInvoices ?? false,
  createdAt: extra.createdAt ?? new Date('2026-01-01T00:00:00Z'),
});

describe('effective subscription (spec section 4)', () => {
  it('is "never" without any entry, which offers the free trial', () => {
    expect(effectiveSubscription([], now)).toEqual({ state: 'never', subscription: null, needsManagement: false });
  });

  // Each status alone, not expired, no open invoices.
  const single: [SubscriptionStatus, 'active' | 'inactive', boolean][] = [
    ['active', 'active', false],
    ['trialing', 'active', false],
    ['canceled', 'inactive', false],
    ['paused', 'inactive', false],
    ['past_due', 'inactive', true],
    ['unpaid', 'inactive', true],
    ['incomplete', 'inactive', true],
    ['incomplete_expired', 'inactive', true],
  ];
  it.each(single)('a lone %s entry is %s (manage: %s)', (status, state, manage) => {
    const result = effectiveSubscription([entry(status, 30)], now);
    expect(result.state).toBe(state);
    expect(result.needsManagement).toBe(manage);
    expect(result.subscription?.status).toBe(status);
  });

  it('covers all eight statuses', () => {
    expect(single.map(([s]) => s).sort()).toEqual([...SUBSCRIPTION_STATUSES].sort());
  });

  it('takes the running entry with the latest expiresAt, even when a newer problem entry exists', () => {
    const result = effectiveSubscription([entry('active', 10, { name: 'early' }), entry('past_due', 400), entry('trialing', 90, { name: 'late' })], now);
    expect(result.state).toBe('active');
    expect(result.subscription?.name).toBe('late');
  });

  it('counts a running entry with open invoices as inactive and asks to manage it', () => {
    const result = effectiveSubscription([entry('active', 100, { hasOpenInvoices: true }), entry('active', 20)], now);
    expect(result.subscription?.expiresAt.getTime()).toBe(now.getTime() + 100 * day);
    expect(result).toMatchObject({ state: 'inactive', needsManagement: true });
  });

  it('falls back to the latest of all entries when none is active or trialing', () => {
    const result = effectiveSubscription([entry('canceled', -300, { name: 'old' }), entry('unpaid', -5, { name: 'recent' }), entry('paused', -40)], now);
    expect(result).toMatchObject({ state: 'inactive', needsManagement: true });
    expect(result.subscription?.name).toBe('recent');
  });

  it('breaks a tie on expiresAt in favour of the newer entry', () => {
    const older = entry('active', 30, { name: 'older', hasOpenInvoices: true, createdAt: new Date('2026-01-01T00:00:00Z') });
    const newer = entry('trialing', 30, { name: 'newer', createdAt: new Date('2026-06-01T00:00:00Z') });
    expect(effectiveSubscription([older, newer], now).subscription?.name).toBe('newer');
    expect(effectiveSubscription([newer, older], now).subscription?.name).toBe('newer');
    expect(effectiveSubscription([older, newer], now).state).toBe('active');
  });

  it('counts an active entry past its expiry as inactive (no renewal reached us)', () => {
    expect(effectiveSubscription([entry('active', -1)], now).state).toBe('inactive');
    expect(effectiveSubscription([entry('trialing', 0.01)], now).state).toBe('active');
  });
});

describe('plans (spec section 9)', () => {
  it('offers the two single-location plans to a one-location organization', () => {
    const offers = planOffers({ numberOfLocations: 1, customPrice: null });
    expect(offers.map((o) => [o.id, formatCents(o.monthly_cents), formatCents(o.period_cents), o.billing, o.discount_offer])).toEqual([
      ['six_months_single', '$189.99', '$1,139.94', 'Billed semi-annually', null],
      ['twelve_months_single', '$170.99', '$2,051.88', 'Billed annually', '10% discount'],
    ]);
  });

  it('adds the multiple-location plan from $150.99 per location when there is more than one location', () => {
    const offers = planOffers({ numberOfLocations: 3, customPrice: null });
    const multiple = offers.find((o) => o.id === 'twelve_months_multiple');
    expect(multiple).toMatchObject({ monthly_cents: 15_099, locations: 3, period_cents: 15_099 * 12 * 3, custom_price: false });
    expect(multiple?.benefits).toEqual(expect.arrayContaining(['Assisted set-up', 'Concierge benefits']));
  });

  it("prices the multiple-location plan at the organization's custom price", () => {
    const multiple = planOffers({ numberOfLocations: 2, customPrice: '140.5' }).find((o) => o.id === 'twelve_months_multiple');
    expect(multiple).toMatchObject({ monthly_cents: 14_050, period_cents: 14_050 * 24, custom_price: true });
  });

  it('charges a $500 set-up fee per location', () => {
    expect(formatCents(setupFeeCents(1))).toBe('$500.00');
    expect(formatCents(setupFeeCents(4))).toBe('$2,000.00');
  });

  it('reads decimal money without floats', () => {
    expect(decimalToCents('150.99')).toBe(15_099);
    expect(decimalToCents('0.1')).toBe(10);
    expect(decimalToCents('12')).toBe(1_200);
  });
});
