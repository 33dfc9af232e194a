import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES, type MarketplaceOrder, type MarketplaceOrderDetail, type PurchaseOrderDetail, type Role, type UpdateOrderStatusRequest } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { rangeOf } from '../../../lib/date-range';
import { formatDate } from '../../../lib/format';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { LIDOCAINE, marketplaceOrder, MEDLINE } from '../../../test/marketplace-fixtures';
import { renderApp } from '../../../test/render-app';

const HENRY_ORDER = marketplaceOrder();
const MEDLINE_ORDER = marketplaceOrder({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  number: 'PO-000043',
  vendor: MEDLINE,
  status: 'failed',
  error: 'Account on hold',
  total: 88.2,
  saved: 0,
});

function detailOf(order: MarketplaceOrder, overrides: Partial<MarketplaceOrderDetail> = {}): MarketplaceOrderDetail {
  return {
    ...order,
    lines: [{ id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', product: LIDOCAINE, sku: 'HEN-LIDO', quantity: 2, price: 45.5, total: 91, received_quantity: 0 }],
    ...overrides,
  };
}

/** The same order as purchasing's receive dialog loads it. */
const PURCHASE_ORDER: PurchaseOrderDetail = {
  id: HENRY_ORDER.id,
  number: HENRY_ORDER.number,
  running_list_id: '7e6d5c4b-3a2f-4e1d-8c0b-9a8f7e6d5c4b',
  supplier: { id: HENRY_ORDER.vendor.id, name: HENRY_ORDER.vendor.name, contact_email: '', contact_phone: '', address: '' },
  created_at: HENRY_ORDER.created_at,
  created_by: 'Dana Reyes',
  lines_count: 1,
  total: 91,
  status: 'ordered',
  pdf_url: null,
  emailed_to: null,
  lines: [
    {
      id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      product: { ...LIDOCAINE, barcode: '', manufacturer_code: '', product_image_url: null, type: 'consumable', container: 'box', basic_unit: 'cartridge' },
      quantity: 2,
      price: 45.5,
      total: 91,
      received_quantity: 0,
      units_per_container: 50,
    },
  ],
  receipts: [],
};

function signIn(role: Role = 'company_member') {
  setToken(fakeToken(role));
  const patches: UpdateOrderStatusRequest[] = [];
  let henry = detailOf(HENRY_ORDER);
  const fetchMock = stubApi(profileFor(role), {
    '/api/order-status': (url) => {
      const status = url.searchParams.get('status');
      const results = [HENRY_ORDER, MEDLINE_ORDER].filter((o) => !status || o.status === status);
      return jsonResponse({ results, currentPage: 1, lastPage: 1, total: results.length });
    },
    '/api/order-details': (url) => jsonResponse(url.searchParams.get('orderId') === MEDLINE_ORDER.id ? detailOf(MEDLINE_ORDER) : henry),
    [`/api/order-details/${HENRY_ORDER.id}/status`]: (_url, init) => {
      const body = JSON.parse(String(init?.body)) as UpdateOrderStatusRequest;
      patches.push(body);
      henry = { ...henry, status: body.status, carrier: body.carrier ?? null, tracking_url: body.tracking_url ?? null };
      return jsonResponse(henry);
    },
    '/api/order-tracking': (url) =>
      jsonResponse({ order_id: HENRY_ORDER.id, number: HENRY_ORDER.number, vendor: HENRY_ORDER.vendor, status: 'shipped', carrier: 'UPS', tracking_url: url.searchParams.get('url'), shipped_at: '2026-03-06T10:00:00.000Z', delivered_at: null }),
    [`/api/purchase/purchase-order/${HENRY_ORDER.id}`]: () => jsonResponse(PURCHASE_ORDER),
  });
  return { fetchMock, patches };
}

const orderStatusCalls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/order-status'));

describe('marketplace orders page', () => {
  it('lists this month’s orders with their status chips, the failed one with its reason, and filters by status', async () => {
    const { fetchMock } = signIn();
    renderApp('/marketplace/orders');
    expect(await screen.findByRole('heading', { name: 'Marketplace orders' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Marketplace orders' });
    const henryRow = (await within(table).findByRole('button', { name: 'Open order PO-000042' })).closest('tr')!;
    expect(henryRow).toHaveTextContent('Henry Dental Supply');
    expect(henryRow).toHaveTextContent(formatDate(HENRY_ORDER.created_at));
    expect(henryRow).toHaveTextContent('$1,234.50');
    expect(henryRow).toHaveTextContent('$12.25');
    expect(within(henryRow).getByText('Placed')).toBeInTheDocument();
    expect(within(henryRow).getByText('Ordered')).toBeInTheDocument();
    const medlineRow = within(table).getByRole('button', { name: 'Open order PO-000043' }).closest('tr')!;
    expect(within(medlineRow).getByText('Failed').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(medlineRow).getByText('Account on hold')).toBeInTheDocument();

    const month = rangeOf('this_month', { from: '', to: '' });
    expect(orderStatusCalls(fetchMock)[0]).toBe(`/api/order-status?startDate=${month.start!}&endDate=${month.end!}&currentPage=1&perPage=10`);

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => { expect(within(table).queryByRole('button', { name: 'Open order PO-000042' })).not.toBeInTheDocument(); });
    expect(orderStatusCalls(fetchMock).at(-1)).toContain('&status=failed');
  });

  it('marks an own supplier’s order shipped with its carrier and tracking link, which then opens in a new tab', async () => {
    const { fetchMock, patches } = signIn();
    renderApp('/marketplace/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Open order PO-000042' }));
    const details = await screen.findByRole('dialog', { name: 'Order PO-000042' });
    expect(await within(details).findByRole('table', { name: 'Lines of PO-000042' })).toHaveTextContent('Lidocaine 2% cartridges');
    expect(within(details).getByRole('button', { name: 'Mark confirmed' })).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();

    await userEvent.click(within(details).getByRole('button', { name: 'Mark shipped' }));
    const ship = await screen.findByRole('dialog', { name: 'Mark PO-000042 shipped' });
    await userEvent.click(within(ship).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(ship).findByText(MARKETPLACE_MESSAGES.trackingRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await userEvent.type(within(ship).getByRole('textbox', { name: 'Carrier' }), 'UPS');
    await userEvent.type(within(ship).getByRole('textbox', { name: 'Tracking link' }), 'https://ups.test/track/1Z999');
    await userEvent.click(within(ship).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText(MARKETPLACE_MESSAGES.statusUpdated)).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'shipped', carrier: 'UPS', tracking_url: 'https://ups.test/track/1Z999' }]);
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(String(patch[0])).toBe(`/api/order-details/${HENRY_ORDER.id}/status`);

    await waitFor(() => { expect(screen.queryByRole('dialog', { name: 'Mark PO-000042 shipped' })).not.toBeInTheDocument(); });
    const link = await within(details).findByRole('link', { name: 'Track the shipment with UPS' });
    expect(link).toHaveAttribute('href', 'https://ups.test/track/1Z999');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(await within(details).findByText(`Shipped ${formatDate('2026-03-06T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Mark shipped' })).not.toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
  });

  it('offers no status steps on a distributor’s order, nor receiving a failed one', async () => {
    signIn();
    renderApp('/marketplace/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Open order PO-000043' }));
    const details = await screen.findByRole('dialog', { name: 'Order PO-000043' });
    expect(await within(details).findByText(`${MARKETPLACE_MESSAGES.notOwnSupplier}.`)).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: /^Mark / })).not.toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Receive' })).not.toBeInTheDocument();
  });

  it('receives an order with the purchase order’s receive dialog', async () => {
    signIn();
    renderApp('/marketplace/orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Open order PO-000042' }));
    const details = await screen.findByRole('dialog', { name: 'Order PO-000042' });
    await userEvent.click(await within(details).findByRole('button', { name: 'Receive' }));
    const receive = await screen.findByRole('dialog', { name: 'Receive PO-000042' });
    expect(within(receive).getByRole('listitem', { name: 'Lidocaine 2% cartridges' })).toHaveTextContent('(2 expected)');
    await userEvent.click(within(receive).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => { expect(screen.queryByRole('dialog', { name: 'Receive PO-000042' })).not.toBeInTheDocument(); });
  });

  it('keeps the assistant, who has no marketplace permission, out', async () => {
    signIn('assistant');
    const { router } = renderApp('/marketplace/orders');
    await waitFor(() => { expect(router.state.location.pathname).toBe('/dashboard'); });
  });
});
