import {
  FREE_TRIAL_DAYS,
  planOffers,
  ROLE_PERMISSIONS,
  SETUP_FEE_CENTS_PER_LOCATION,
  type ProductListItem,
  type ProductReorder,
  type Profile,
  type Role,
  type Stock,
  type Subscription,
  type SubscriptionOverview,
} from '@clinic/domain';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export const IDS = {
  user: '2f6c1d5e-8a3b-4c7d-9e1f-0a2b3c4d5e6f',
  organization: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  company: '9c8b7a6d-5e4f-4321-8fed-cba987654321',
} as const;

/** An unsigned JWT with the claims the server issues; the browser never verifies signatures. */
export function fakeToken(role: Role, extra: Record<string, unknown> = {}): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({
      sub: IDS.user,
      role,
      organization_id: role === 'admin' ? null : IDS.organization,
      company_id: role === 'admin' ? null : IDS.company,
      exp: Math.floor(Date.now() / 1000) + 3600,
      ...extra,
    }),
  );
  return `${header}.${payload}.signature`;
}

export function profileFor(role: Role, overrides: Partial<Profile> = {}): Profile {
  return {
    id: IDS.user,
    first_name: 'Dana',
    last_name: 'Reyes',
    email: 'dana@smile-dental.test',
    phone: '+1 555 0100',
    status: 'active',
    approval_status: 'approved',
    role,
    permissions: ROLE_PERMISSIONS[role],
    // Like the demo accounts, test users have seen the guided tour; its own tests ask for it.
    hideTour: true,
    remindTourAfter: null,
    company:
      role === 'admin'
        ? null
        : {
            id: IDS.company,
            name: 'Downtown',
            city: 'Austin',
            state: 'TX',
            time_zone: null,
            organization: { id: IDS.organization, name: 'Smile Dental', approvalStatus: 'approved', numberOfLocations: 2 },
          },
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const EMPTY_PAGE = { results: [], currentPage: 1, lastPage: 1, total: 0 };

const NO_CARDS = { spend: 0, usage_cost: 0, treatments_performed: 0, patients_seen: 0, stock_value: 0, items_below_minimum: 0, marketplace_saved: 0 };
const NO_RANGE = { start_date: '2026-11-01', end_date: '2026-11-30' };

/** What each report answers when nothing happened: pages that show reports render, with nothing in them. */
export const EMPTY_REPORTS: Record<string, unknown> = {
  '/api/reports/dashboard-cards-data': { ...NO_RANGE, totals: NO_CARDS, locations: [] },
  '/api/reports/expense-by-day': { ...NO_RANGE, results: [] },
  '/api/reports/expense-by-treatment': { ...NO_RANGE, results: [] },
  '/api/reports/most-used-products': { ...NO_RANGE, results: [] },
  '/api/reports/top-suppliers': { ...NO_RANGE, results: [] },
  '/api/reports/waste': { ...NO_RANGE, totals: { expired: 0, damaged: 0, recalled: 0, other: 0, waste: 0, returned: 0, credits: 0 }, results: [] },
  '/api/reports/stocks-about-to-expire': { days: 30, results: [], total: 0 },
  '/api/reports/production-share': {
    band: { low: 0.06, high: 0.1 },
    min_monthly_production: 10_000,
    ...Object.fromEntries(
      (['last_month', 'trailing_months'] as const).map((key) => [
        key,
        { ...NO_RANGE, first_month: '2026-11', last_month: '2026-11', totals: { supply_spend: 0, production: 0, share: null, enough_production: false, sources: { procedures: 0, csv: 0, typed: 0 } }, locations: [] },
      ]),
    ),
  },
  '/api/reports/master': { organizations: 0, locations: 0, users: 0, pending_approvals: 0, pending_products: 0 },
};

export const SUBSCRIPTION_ID = '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';

/** The organization's effective subscription: twelve months, single location, until 12-01-2027. */
export function subscriptionEntry(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: SUBSCRIPTION_ID,
    subscription_id: 'sub_local_123',
    provider: 'local',
    plan_id: 'twelve_months_single',
    status: 'active',
    expiresAt: '2027-12-01T12:00:00.000Z',
    hasOpenInvoices: false,
    is_trial: false,
    cancel_at_period_end: false,
    created_at: '2026-12-01T12:00:00.000Z',
    ...overrides,
  };
}

/**
 * What payments/refresh-subscriptions and my-subscriptions answer for Smile Dental (two locations):
 * 'never' offers the trial and owes the set-up fee; 'active' and 'inactive' carry an effective entry.
 */
export function subscriptionOverview(
  state: SubscriptionOverview['state'],
  overrides: Partial<SubscriptionOverview> = {},
): SubscriptionOverview {
  const locations = 2;
  const effective = state === 'never' ? null : subscriptionEntry(state === 'inactive' ? { status: 'canceled', expiresAt: '2026-10-01T12:00:00.000Z' } : {});
  return {
    organization_id: IDS.organization,
    exempt: false,
    state,
    needs_management: false,
    effective,
    subscriptions: effective ? [effective] : [],
    invoices: [],
    plans: planOffers({ numberOfLocations: locations, customPrice: null }),
    number_of_locations: locations,
    setup_fee: {
      per_location_cents: SETUP_FEE_CENTS_PER_LOCATION,
      locations,
      total_cents: SETUP_FEE_CENTS_PER_LOCATION * locations,
      due: state === 'never',
    },
    free_trial_days: FREE_TRIAL_DAYS,
    provider: 'stripe',
    ...overrides,
  };
}

/** The product admin (and anyone without an organization) is never blocked. */
export const EXEMPT_OVERVIEW: SubscriptionOverview = {
  ...subscriptionOverview('never'),
  organization_id: null,
  exempt: true,
  plans: [],
  setup_fee: { per_location_cents: SETUP_FEE_CENTS_PER_LOCATION, locations: 0, total_cents: 0, due: false },
};

/** A lot of 2 × 10 units at $3.00 a unit, none used, available; `overrides` change what a test is about. */
export function stockLot(overrides: Partial<Stock> = {}): Stock {
  return {
    id: '2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e',
    product_id: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e',
    supplier: null,
    container_quantity: 2,
    units_per_container: 10,
    price_per_container: 30,
    unit_price: 3,
    total_units: 20,
    units_used: 0,
    units_consumed: 0,
    units_left: 20,
    units_remaining: 20,
    expiry_date: '2027-06-30',
    is_expired: false,
    created_at: '2026-11-01T10:00:00.000Z',
    note: '',
    isConsignment: false,
    lotNumber: 'IMP-1',
    place: { id: '7c2d9a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Main storage' },
    moved_from_stock_id: null,
    transferred_from_stock_id: null,
    runningListProductId: null,
    has_unique_lot: false,
    status: 'available',
    status_reason: '',
    status_reference: '',
    status_changed_at: null,
    status_changed_by: null,
    stockUsages: [],
    ...overrides,
  };
}

/** A product's reorder facts (issue 35): twelve weeks of use, 2 units a day, above its reorder point. */
export function productReorder(overrides: Partial<ProductReorder> = {}): ProductReorder {
  const productId = '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b';
  const history = Array.from({ length: 84 }, (_v, i) => ({ day: new Date(Date.UTC(2026, 7, 18 + i)).toISOString().slice(0, 10), units: 2 }));
  return {
    product_id: productId,
    method: 'steady',
    method_label: 'Steady use (smoothed)',
    daily_use: 2,
    history,
    usable_units: 40,
    on_order_units: 0,
    minimum_stock: 0,
    lead_time: { days: 3, learned: false, samples: 0, supplier_name: 'Henry Schein Dental', late_share: 0, distribution: [{ days: 2, share: 0.25 }, { days: 3, share: 0.5 }, { days: 4, share: 0.25 }] },
    reorder_point: 10,
    order_up_to: 24,
    safety_stock: 4,
    source: 'forecast',
    service_level: 0.98,
    fill_rate: 0.99,
    fill_rate_source: 'location',
    fill_rates: { location: 0.99, category: { id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', name: 'Implants', fill_rate: null }, product: null },
    supplier_id: '2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f',
    shipping: null,
    expected_fill: 0.993,
    stock_cost: 27,
    order_units: 14,
    order_why: '14 units, about every 7 days: balances ordering $15.00 an order against holding $1.00 a unit a year (14 units ideal)',
    review_days: 7,
    pinned: null,
    days_of_cover: 20,
    runs_out_before_delivery: false,
    suggested_units: 0,
    pack_size: 10,
    reasons: ['The lead time is 3 days until 3 deliveries are seen'],
    ...overrides,
  };
}

/** A row of the product list (GET /api/product/v2): an approved catalog product, no forecast yet. */
export function productListItem(overrides: Partial<ProductListItem> = {}): ProductListItem {
  return {
    id: '6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
    name: 'Cotton Rolls #2',
    description: '',
    brand: 'Richmond',
    barcode: '',
    manufacturer_code: '',
    type: 'disposable',
    container: 'box',
    basic_unit: 'item',
    weight_or_volume: null,
    minimum_stock: 0,
    category_id: null,
    category: null,
    supplier: null,
    expires_at: null,
    product_image_url: null,
    box_image_url: null,
    is_approved: true,
    is_editable: false,
    is_usage_tracking_on: false,
    implantable: false,
    manufacturer_name: '',
    manufacturer_address: '',
    company_id: null,
    submitted_by: null,
    created_at: '2026-01-05T10:00:00.000Z',
    deleted_at: null,
    days_of_cover: null,
    ...overrides,
  };
}
