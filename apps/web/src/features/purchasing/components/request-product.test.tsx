import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_REQUEST_MESSAGES, type ProductDetail, type ProductRequest, type Role } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, IDS, jsonResponse, productReorder, profileFor } from '../../../test/fixtures';
import { stubMeasuredWidth } from '../../../test/measured-width';
import { renderApp } from '../../../test/render-app';

// The product page's Reorder panel charts twelve weeks in a measured box.
beforeEach(() => { stubMeasuredWidth(600); });

const ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const PRODUCT: ProductDetail = {
  id: ID,
  name: 'Nitrile Gloves M',
  description: '',
  brand: 'Halyard',
  barcode: '',
  manufacturer_code: '',
  type: 'disposable',
  container: 'box',
  basic_unit: 'item',
  weight_or_volume: null,
  minimum_stock: 2,
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
  attachments: [],
  companyStocksOverview: [],
  associatedTreatments: [],
};

const request = (overrides: Partial<ProductRequest>): ProductRequest => ({
  id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e',
  product_id: ID,
  quantity: 2,
  urgency: 'routine',
  note: '',
  state: 'requested',
  requested_by: { id: IDS.user, name: 'Dana Lee' },
  running_list_id: null,
  supplier: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** The product page over one product; the requests route lists what was sent, newest first. */
function signIn(role: Role, earlier: ProductRequest[] = [], answer?: () => Response) {
  setToken(fakeToken(role));
  const requests = [...earlier];
  const posted: Record<string, unknown>[] = [];
  stubApi(profileFor(role), {
    [`/api/product/${ID}`]: () => jsonResponse(PRODUCT),
    [`/api/product/${ID}/reorder`]: () => jsonResponse(productReorder({ product_id: ID })),
    [`/api/product/${ID}/tracking-reports`]: () => jsonResponse({ cycle_counts: [], is_cost_improving: 'consistent', is_usage_improving: 'consistent', current_treatment_cost: 0, cycle: 0 }),
    '/api/stock': () => jsonResponse({ results: [], currentPage: 1, lastPage: 1, total: 0, totals: { total_units: 0, units_left: 0, value_left: 0 } }),
    [`/api/product/${ID}/requests`]: (_url, init) => {
      if (init?.method !== 'POST') return jsonResponse({ results: requests });
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      if (answer) return answer();
      const created = request({ id: `6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d${String(posted.length).padStart(2, '0')}`, quantity: body.quantity as number, urgency: body.urgency as ProductRequest['urgency'], note: (body.note as string | undefined) ?? '', created_at: '2026-11-22T10:00:00.000Z' });
      requests.unshift(created);
      return jsonResponse(created, 201);
    },
  });
  return { posted };
}

const stockRoom = async () => screen.findByRole('region', { name: 'Stock Room' }, { timeout: 15_000 });

describe('Request Product', () => {
  it('asks for quantity, urgency and a note, refuses bad quantities in words, and sends one request', async () => {
    const { posted } = signIn('company_member');
    renderApp(`/products/${ID}`);
    await userEvent.click(within(await stockRoom()).getByRole('button', { name: 'Request Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Product' });
    const quantity = within(dialog).getByRole('spinbutton', { name: /Quantity/ });
    const send = within(dialog).getByRole('button', { name: 'Send' });

    await userEvent.clear(quantity);
    expect(within(dialog).getByText(PRODUCT_REQUEST_MESSAGES.quantityRequired)).toBeInTheDocument();
    expect(send).toBeDisabled();
    await userEvent.type(quantity, '0');
    expect(within(dialog).getByText(PRODUCT_REQUEST_MESSAGES.quantityMin)).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1001');
    expect(within(dialog).getByText(PRODUCT_REQUEST_MESSAGES.quantityMax)).toBeInTheDocument();
    expect(send).toBeDisabled();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Urgency/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Urgent' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Last box open');
    await userEvent.click(send);

    expect(await screen.findByText(PRODUCT_REQUEST_MESSAGES.sent)).toBeInTheDocument();
    expect(posted).toEqual([{ quantity: 3, urgency: 'urgent', note: 'Last box open', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown }]);
    await waitFor(() => { expect(screen.queryByRole('dialog')).not.toBeInTheDocument(); });
    // The request is listed with its state.
    const mine = await screen.findByRole('region', { name: 'Your requests' });
    expect(await within(mine).findByText(/3 containers · Urgent · Last box open/)).toBeInTheDocument();
    expect(within(mine).getByText('Requested')).toBeInTheDocument();
  });

  it('when no vendor offers it, says the admins will choose the supplier, and shows it waiting for one', async () => {
    const { posted } = signIn('company_member', [], () => jsonResponse(request({ state: 'awaiting_supplier' }), 201));
    renderApp(`/products/${ID}`);
    await userEvent.click(within(await stockRoom()).getByRole('button', { name: 'Request Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Product' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(PRODUCT_REQUEST_MESSAGES.sentWithoutSupplier)).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  it("puts the server's field message under the field", async () => {
    signIn('assistant', [], () => jsonResponse({ statusCode: 400, code: 'BAD_REQUEST', message: 'note: too long', errors: [{ field: 'note', message: PRODUCT_REQUEST_MESSAGES.noteTooLong }] }, 400));
    renderApp(`/products/${ID}`);
    await userEvent.click(within(await stockRoom()).getByRole('button', { name: 'Request Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Product' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(PRODUCT_REQUEST_MESSAGES.noteTooLong)).toBeInTheDocument();
  });

  it('lists the requests made here with their state', async () => {
    signIn('company_member', [
      request({ id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d01', state: 'received', quantity: 1, urgency: 'this_week', created_at: '2026-11-21T10:00:00.000Z' }),
      request({ id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d02', state: 'ordered', quantity: 4 }),
      request({ id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d03', state: 'cancelled' }),
      request({ id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d04', state: 'awaiting_supplier', quantity: 1, created_at: '2026-11-19T10:00:00.000Z' }),
    ]);
    renderApp(`/products/${ID}`);
    const mine = await screen.findByRole('region', { name: 'Your requests' }, { timeout: 15_000 });
    const items = within(mine).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '11-21-20261 container · This weekReceived',
      '11-20-20264 containers · RoutineOrdered',
      '11-20-20262 containers · RoutineCancelled',
      '11-19-20261 container · RoutineWaiting for a supplier',
    ]);
    expect(mine).toHaveTextContent('Waiting for a supplier: no vendor offers it in stock yet, so your admins will choose who to order it from.');
  });

  it('is not offered to the product admin', async () => {
    signIn('admin');
    renderApp(`/products/${ID}`);
    await screen.findByRole('region', { name: 'Product details' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Request Product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your requests' })).not.toBeInTheDocument();
  });
});
