import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REORDER_MESSAGES, type ProductReorder } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, productReorder } from '../../../test/fixtures';
import { ReorderPanel } from './reorder-panel';
import { DaysOfCoverChip } from './days-of-cover-chip';
import { stubMeasuredWidth } from '../../../test/measured-width';

// The Reorder panel's chart measures its box.
beforeEach(() => { stubMeasuredWidth(600); });

const PRODUCT = '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b';

function renderPanel(facts: ProductReorder) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(facts))));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <ReorderPanel productId={PRODUCT} canPin={false} canSetSettings={false} />
    </AppProviders>,
  );
}

describe('the Reorder panel', () => {
  it('shows days of cover, the levels and where they come from, and a chart of the weeks', async () => {
    renderPanel(productReorder());
    const panel = await screen.findByRole('region', { name: 'Reorder' });
    expect(await within(panel).findByLabelText('Days of cover')).toHaveTextContent('20 days');
    expect(within(panel).getByLabelText('Reorder point')).toHaveTextContent('10 units');
    expect(within(panel).getByText('from use and lead time')).toBeInTheDocument();
    expect(within(panel).getByText('assumed until 3 deliveries')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the fill expected, what the stock to reach it costs, and why an order is its size (issue 51)', async () => {
    renderPanel(productReorder());
    const panel = await screen.findByRole('region', { name: 'Reorder' });
    expect(await within(panel).findByLabelText('Expected fill')).toHaveTextContent('99.3%');
    expect(within(panel).getByText("$27.00 of stock held to reach it; target 99%, the location's")).toBeInTheDocument();
    expect(within(panel).getByText('orders of 14 units')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Why this order size')).toHaveTextContent('14 units, about every 7 days: balances ordering $15.00 an order against holding $1.00 a unit a year');
  });

  it('warns when the shelf runs out before a delivery ordered today arrives, and says what to order', async () => {
    renderPanel(productReorder({ usable_units: 4, days_of_cover: 2, runs_out_before_delivery: true, suggested_units: 30, pack_size: 10 }));
    expect(await screen.findByText(/Runs out in 2 days: before a delivery ordered today arrives \(3 days\)/)).toBeInTheDocument();
    expect(screen.getByText(/Order 30 units now \(3 × 10 units\) to reach 24 units/)).toBeInTheDocument();
  });

  it('without use recorded, says why the Minimum Stock is the reorder point', async () => {
    const reason = 'No use recorded in the last 12 weeks: the Minimum Stock is the reorder point';
    renderPanel(productReorder({ method: 'none', method_label: 'No forecast', daily_use: 0, days_of_cover: null, source: 'minimum', reasons: [reason] }));
    expect(await screen.findByRole('list', { name: 'Why these figures' })).toHaveTextContent(reason);
    expect(screen.getByLabelText('Days of cover')).toHaveTextContent('—');
    expect(screen.getByText('the Minimum Stock')).toBeInTheDocument();
  });
});

describe('setting levels by hand', () => {
  it('sends whole units, refuses an order-up-to below the reorder point, and shows the pinned levels', async () => {
    const user = userEvent.setup();
    const calls: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((_input, init) => {
        const method = init?.method ?? 'GET';
        if (method === 'PUT') {
          const body = JSON.parse(String(init?.body)) as { reorder_point: number; order_up_to: number };
          calls.push({ method, body });
          return Promise.resolve(jsonResponse(productReorder({ source: 'pinned', reorder_point: body.reorder_point, order_up_to: body.order_up_to, pinned: body })));
        }
        return Promise.resolve(jsonResponse(productReorder()));
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders queryClient={queryClient}>
        <ReorderPanel productId={PRODUCT} canPin canSetSettings={false} />
      </AppProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Set levels' }));
    const dialog = screen.getByRole('dialog', { name: 'Set levels by hand' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Reorder point (units)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reorder point (units)' }), '30');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Order up to (units)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Order up to (units)' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save levels' }));
    expect(within(dialog).getByText(REORDER_MESSAGES.orderUpToBelow)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Order up to (units)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Order up to (units)' }), '90');
    await user.click(within(dialog).getByRole('button', { name: 'Save levels' }));
    expect(await screen.findByLabelText('Reorder point')).toHaveTextContent('30 units');
    expect(screen.getByText('set by hand')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', body: { reorder_point: 30, order_up_to: 90 } }]);
  });
});

describe('the reorder digest e-mail in Reorder settings', () => {
  function renderForAdmin(canSetSettings: boolean) {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.endsWith('/api/reorder/settings')) return Promise.resolve(jsonResponse({ service_level: 0.98, review_days: 7, fill_rate: 0.99, order_cost: 15, holding_rate: 0.25, auto_send_under: null }));
        if (url.endsWith('/api/reorder/digest')) return Promise.resolve(jsonResponse(method === 'PUT' ? JSON.parse(String(init?.body)) : { frequency: 'off' }));
        if (url.endsWith('/api/reorder/category-fill-rates')) return Promise.resolve(jsonResponse([{ category_id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', category_name: 'Implants', fill_rate: 0.995 }]));
        return Promise.resolve(jsonResponse(productReorder()));
      }),
    );
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReorderPanel productId={PRODUCT} canPin={false} canSetSettings={canSetSettings} />
      </AppProviders>,
    );
    return calls;
  }

  it('shows the admin their choice, Off by default, and saves Weekly through its own API alone', async () => {
    const user = userEvent.setup();
    const calls = renderForAdmin(true);
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Reorder settings' });
    // Issue 51: the categories with a target of their own are listed beside the location's.
    expect(await within(dialog).findByLabelText('Categories with their own target')).toHaveTextContent('Their own target: Implants 99.5%.');
    const digest = within(dialog).getByRole('radiogroup', { name: 'Reorder digest e-mail' });
    expect(await within(digest).findByRole('radio', { name: 'Off' })).toBeChecked();
    await user.click(within(digest).getByRole('radio', { name: 'Weekly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REORDER_MESSAGES.digestSaved)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Reorder settings' })).not.toBeInTheDocument();
    // The location's settings did not change: only the digest was sent.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', url: '/api/reorder/digest', body: { frequency: 'weekly' } }]);
  });

  it('saves the fill rate, cost per order and holding rate in their units (issue 51)', async () => {
    const user = userEvent.setup();
    const calls = renderForAdmin(true);
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Reorder settings' });
    for (const [name, value] of [['Fill rate (%)', '98.5'], ['Cost per order ($)', '25'], ['Holding rate (% a year)', '20']] as const) {
      await user.clear(within(dialog).getByRole('textbox', { name }));
      await user.type(within(dialog).getByRole('textbox', { name }), value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REORDER_MESSAGES.settingsSaved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([['/api/reorder/settings', { service_level: 0.98, review_days: 7, fill_rate: 0.985, order_cost: 25, holding_rate: 0.2 }]]);
  });

  it('saves the location settings and the digest each through its API when both changed', async () => {
    const user = userEvent.setup();
    const calls = renderForAdmin(true);
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Reorder settings' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Days between orders' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Days between orders' }), '14');
    await user.click(await within(dialog).findByRole('radio', { name: 'Daily' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REORDER_MESSAGES.settingsSaved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/reorder/settings', { service_level: 0.98, review_days: 14, fill_rate: 0.99, order_cost: 15, holding_rate: 0.25 }],
      ['/api/reorder/digest', { frequency: 'daily' }],
    ]);
  });

  it('is neither asked for nor offered to whoever may not update the location', async () => {
    const calls = renderForAdmin(false);
    await screen.findByLabelText('Days of cover');
    expect(screen.queryByRole('button', { name: /fill target/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Shipping' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('reorder/'))).toBe(false);
  });
});

describe('fill-rate targets and shipping terms (issue 51)', () => {
  function renderWith(facts: ProductReorder, rights: { canPin: boolean; canSetSettings: boolean }) {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input, init) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url.endsWith('/api/reorder/settings')) return Promise.resolve(jsonResponse({ service_level: 0.98, review_days: 7, fill_rate: 0.99, order_cost: 15, holding_rate: 0.25, auto_send_under: null }));
        if (url.includes('/category-fill-rates/')) return Promise.resolve(jsonResponse([]));
        if (url.includes('/shipping')) return Promise.resolve(jsonResponse({ supplier_id: facts.supplier_id, shipping: method === 'PUT' ? JSON.parse(String(init?.body)) : null }));
        if (url.endsWith('/fill-rate') && method === 'PUT') return Promise.resolve(jsonResponse({ ...facts, fill_rate: 0.995, fill_rate_source: 'product', fill_rates: { ...facts.fill_rates, product: 0.995 } }));
        return Promise.resolve(jsonResponse(facts));
      }),
    );
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReorderPanel productId={PRODUCT} {...rights} />
      </AppProviders>,
    );
    return calls;
  }

  it('says whose target the product is planned for, and the supplier\'s shipping terms', async () => {
    renderWith(productReorder({ fill_rate: 0.995, fill_rate_source: 'category', fill_rates: { location: 0.99, category: { id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', name: 'Implants', fill_rate: 0.995 }, product: null }, shipping: { shipping_fee: 12, free_shipping_over: 500 } }), { canPin: false, canSetSettings: false });
    const panel = await screen.findByRole('region', { name: 'Reorder' });
    expect(await within(panel).findByText('$27.00 of stock held to reach it; target 99.5%, set for Implants')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Shipping')).toHaveTextContent('Henry Schein Dental: $12.00 shipping an order, free from $500');
  });

  it('sets this product\'s own target and its category\'s, each through its API, in percent', async () => {
    const user = userEvent.setup();
    const calls = renderWith(productReorder(), { canPin: true, canSetSettings: true });
    await user.click(await screen.findByRole('button', { name: '99% fill target' }));
    const dialog = screen.getByRole('dialog', { name: 'Fill-rate target' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Category Implants (%)' }), '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(REORDER_MESSAGES.fillRateRange)).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Category Implants (%)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Category Implants (%)' }), '97');
    await user.type(within(dialog).getByRole('textbox', { name: 'This product (%)' }), '99.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REORDER_MESSAGES.fillTargetSaved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['PUT', '/api/reorder/category-fill-rates/5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', { fill_rate: 0.97 }],
      ['PUT', `/api/product/${PRODUCT}/fill-rate`, { fill_rate: 0.995 }],
    ]);
  });

  it('who may edit the product but not the location sets only the product\'s target', async () => {
    const user = userEvent.setup();
    const calls = renderWith(productReorder({ fill_rate: 0.995, fill_rate_source: 'product', fill_rates: { location: 0.99, category: null, product: 0.995 } }), { canPin: true, canSetSettings: false });
    await user.click(await screen.findByRole('button', { name: '99.5% fill target' }));
    const dialog = screen.getByRole('dialog', { name: 'Fill-rate target' });
    expect(within(dialog).queryByRole('textbox', { name: /Category/ })).not.toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'This product (%)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REORDER_MESSAGES.fillTargetCleared)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url])).toEqual([['DELETE', `/api/product/${PRODUCT}/fill-rate`]]);
  });

  it('saves the supplier\'s shipping fee and free-shipping threshold, refusing a negative fee', async () => {
    const user = userEvent.setup();
    const calls = renderWith(productReorder(), { canPin: false, canSetSettings: true });
    await user.click(await screen.findByRole('button', { name: 'Shipping' }));
    const dialog = screen.getByRole('dialog', { name: 'Shipping from Henry Schein Dental' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Shipping fee ($ an order)' }), '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(REORDER_MESSAGES.shippingFeeRange)).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Shipping fee ($ an order)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Shipping fee ($ an order)' }), '12');
    await user.type(within(dialog).getByRole('textbox', { name: 'Free shipping from ($ an order)' }), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REORDER_MESSAGES.shippingSaved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([['PUT', '/api/supplier/2c1b0a9f-8e7d-4c6b-9a5f-4e3d2c1b0a9f/shipping', { shipping_fee: 12, free_shipping_over: 500 }]]);
  });
});

describe('days of cover beside the Stock Room', () => {
  it('reads the same figures, and warns when the shelf runs out before a delivery', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(productReorder({ days_of_cover: 2.5, runs_out_before_delivery: true })))));
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DaysOfCoverChip productId={PRODUCT} />
      </AppProviders>,
    );
    expect(await screen.findByText('2.5 days of cover')).toBeInTheDocument();
  });
});
