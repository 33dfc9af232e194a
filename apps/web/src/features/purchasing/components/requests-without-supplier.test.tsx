import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRODUCT_REQUEST_MESSAGES, PURCHASING_MESSAGES, type RequestWithoutSupplier, type Role } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const SUPPLIER = { id: '3c2b1a0f-9e8d-4c7b-a6f5-e4d3c2b1a0f9', name: 'Henry Schein' };
const waiting = (id: string, name: string, overrides: Partial<RequestWithoutSupplier> = {}): RequestWithoutSupplier => ({
  id,
  product_id: `${id.slice(0, 34)}aa`,
  product: { id: `${id.slice(0, 34)}aa`, name },
  quantity: 3,
  urgency: 'routine',
  note: '',
  state: 'awaiting_supplier',
  requested_by: { id: IDS.user, name: 'Dana Lee' },
  running_list_id: null,
  supplier: null,
  created_at: '2026-12-04T10:00:00.000Z',
  ...overrides,
});

/** The running lists page with two requests waiting; choices and declines are recorded. */
function signIn(role: Role, answer?: () => Response, count = 2) {
  setToken(fakeToken(role));
  const rows = [waiting('7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b01', 'Septocaine 4% 1:100,000', { urgency: 'urgent', note: 'Two chairs out' }), waiting('7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b02', 'Prophy paste, mint')].slice(0, count);
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const fetchMock = stubApi(profileFor(role), {
    '/api/purchase/product-requests/without-supplier': () => jsonResponse({ results: rows, total: rows.length }),
    '/api/supplier': () => jsonResponse({ results: [SUPPLIER], currentPage: 1, lastPage: 1, total: 1 }),
    ...Object.fromEntries(
      rows.flatMap((row) => [
        [
          `/api/purchase/product-requests/${row.id}/supplier`,
          (_url: URL, init: RequestInit | undefined) => {
            calls.push({ method: 'POST', path: `${row.id}/supplier`, body: JSON.parse(String(init?.body)) });
            if (answer) return answer();
            rows.splice(rows.indexOf(row), 1);
            return jsonResponse({ ...row, state: 'requested', supplier: SUPPLIER, running_list_id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9' });
          },
        ],
        [
          `/api/purchase/product-requests/${row.id}`,
          () => {
            calls.push({ method: 'DELETE', path: row.id });
            rows.splice(rows.indexOf(row), 1);
            return new Response(null, { status: 204 });
          },
        ],
      ]),
    ),
  });
  return { calls, fetchMock };
}

const section = () => screen.findByRole('region', { name: /Requests without a supplier/ }, { timeout: 15_000 });

describe('requests without a supplier', () => {
  it('shows a location admin what waits, most urgent first, and puts one on the supplier chosen', async () => {
    const { calls } = signIn('company_admin');
    renderApp('/running-list');
    const list = await section();
    expect(within(list).getByRole('heading', { name: 'Requests without a supplier (2)' })).toBeInTheDocument();
    const first = within(list).getByRole('listitem', { name: 'Septocaine 4% 1:100,000, 3 containers' });
    expect(first).toHaveTextContent('3 containers · asked by Dana Lee on 12-04-2026 · Two chairs out');
    expect(first).toHaveTextContent('Urgent');
    expect(within(first).getByRole('link', { name: 'Septocaine 4% 1:100,000' })).toHaveAttribute('href', '/products/7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5baa');

    await userEvent.click(within(first).getByRole('button', { name: 'Choose a supplier for Septocaine 4% 1:100,000, 3 containers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a supplier' });
    // No supplier picked: said in the spec's words, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to running list' }));
    expect(within(dialog).getByText(PURCHASING_MESSAGES.selectSupplier)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: SUPPLIER.name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to running list' }));
    expect(await screen.findByText(PRODUCT_REQUEST_MESSAGES.supplierChosen(SUPPLIER.name))).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b01/supplier', body: { supplier_id: SUPPLIER.id } }]);
    await waitFor(() => { expect(within(list).queryByRole('listitem', { name: /Septocaine/ })).not.toBeInTheDocument(); });
    expect(within(list).getByRole('heading', { name: 'Requests without a supplier (1)' })).toBeInTheDocument();
  });

  it('declines a request after asking, and says who will see it cancelled', async () => {
    const { calls } = signIn('organization_admin');
    renderApp('/running-list');
    const list = await section();
    await userEvent.click(within(list).getByRole('button', { name: 'Decline Prophy paste, mint, 3 containers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline the request' });
    expect(confirm).toHaveTextContent('Dana Lee will see the request for Prophy paste, mint as cancelled. Nothing is ordered.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(PRODUCT_REQUEST_MESSAGES.declined)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', path: '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b02' }]);
    await waitFor(() => { expect(within(list).queryByRole('listitem', { name: /Prophy paste/ })).not.toBeInTheDocument(); });
  });

  it('the last one settled: the list goes and the toast still says what happened', async () => {
    signIn('company_admin', undefined, 1);
    renderApp('/running-list');
    const list = await section();
    await userEvent.click(within(list).getByRole('button', { name: /^Choose a supplier for Septocaine/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a supplier' });
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: SUPPLIER.name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to running list' }));
    expect(await screen.findByText(PRODUCT_REQUEST_MESSAGES.supplierChosen(SUPPLIER.name))).toBeInTheDocument();
    await waitFor(() => { expect(screen.queryByRole('region', { name: /Requests without a supplier/ })).not.toBeInTheDocument(); });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("puts the server's reason under the supplier field", async () => {
    signIn('company_admin', () => jsonResponse({ statusCode: 400, code: 'BAD_REQUEST', message: PRODUCT_REQUEST_MESSAGES.supplierNotFound, errors: [{ field: 'supplier_id', message: PRODUCT_REQUEST_MESSAGES.supplierNotFound }] }, 400));
    renderApp('/running-list');
    const list = await section();
    await userEvent.click(within(list).getByRole('button', { name: /^Choose a supplier for Prophy paste/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a supplier' });
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: SUPPLIER.name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to running list' }));
    expect(await within(dialog).findByText(PRODUCT_REQUEST_MESSAGES.supplierNotFound)).toBeInTheDocument();
  });

  it('is not shown to a member, who is not asked for it', async () => {
    const { fetchMock } = signIn('company_member');
    renderApp('/running-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Running Lists' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Requests without a supplier/ })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    expect(asked.some((url) => url.includes('without-supplier'))).toBe(false);
  });
});
