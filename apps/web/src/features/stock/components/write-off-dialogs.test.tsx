import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WRITE_OFF_MESSAGES, type Alert, type Role } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { ReturnDialog } from './return-dialog';

const LIDOCAINE = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Lidocaine 2%' };
const LOT = { id: '7e6d5c4b-3a2f-4e1d-8c0b-9a8f7e6d5c4b', lotNumber: 'OLD-1', expiry_date: '2026-11-20', units_left: 4 };
const EXPIRED: Alert = { id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', kind: 'expired', created_at: '2026-11-21T10:00:00.000Z', product: { ...LIDOCAINE, product_image_url: null }, stock: LOT, units_in_stock: 4, minimum_stock: 0, last_receipt: null, recall: null, request: null };

/** The alerts page with one expired lot; a write-off answers the lot, or the answer given. */
function signIn(role: Role, disposed: () => Response = () => jsonResponse({ id: LOT.id })) {
  setToken(fakeToken(role));
  return stubApi(profileFor(role), {
    '/api/alert': (url) => {
      const kind = url.searchParams.get('kind');
      const results = kind === null || kind === 'expired' ? [EXPIRED] : [];
      return jsonResponse({ results, currentPage: 1, lastPage: 1, total: results.length, counts: { low_stock: 0, expiring: 0, expired: 1, recalled: 0 } });
    },
    [`/api/stock/${LOT.id}/dispose`]: disposed,
  });
}

const posted = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === path && init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

describe('Dispose on an expired lot\'s alert', () => {
  it('opens with the reason expired and every unit left, and writes off after the confirmation', async () => {
    const fetchMock = signIn('company_member');
    renderApp('/alerts');
    const region = await screen.findByRole('region', { name: 'Expired' });
    await userEvent.click(await within(region).findByRole('button', { name: 'Dispose of expired lot OLD-1 of Lidocaine 2%' }));

    const dialog = await screen.findByRole('dialog', { name: 'Dispose of units' });
    expect(within(dialog).getByRole('combobox', { name: /Reason/ })).toHaveTextContent('Expired');
    expect(within(dialog).getByRole('spinbutton', { name: /Units/ })).toHaveValue(4);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Past its date');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dispose' }));

    // Nothing is written until the confirmation.
    const confirm = await screen.findByRole('dialog', { name: 'Write off these units?' });
    expect(confirm).toHaveTextContent('4 units of Lidocaine 2%, lot OLD-1, will be written off as expired. They leave the stock for good and count as waste at their cost.');
    expect(posted(fetchMock, `/api/stock/${LOT.id}/dispose`)).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Write off' }));

    expect(await screen.findByText(WRITE_OFF_MESSAGES.disposed)).toBeInTheDocument();
    expect(posted(fetchMock, `/api/stock/${LOT.id}/dispose`)).toEqual([{ reason: 'expired', units: 4, note: 'Past its date', idempotency_key: expect.any(String) }]);
    await waitFor(() => { expect(screen.queryByRole('dialog')).not.toBeInTheDocument(); });
  });

  it('puts the server\'s refusal under Units and goes back to the form', async () => {
    const message = WRITE_OFF_MESSAGES.moreThanLeft(3);
    signIn('company_member', () => jsonResponse({ statusCode: 409, code: 'CONFLICT', message, errors: [{ field: 'units', message }] }, 409));
    renderApp('/alerts');
    await userEvent.click(await screen.findByRole('button', { name: 'Dispose of expired lot OLD-1 of Lidocaine 2%' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Dispose of units' })).getByRole('button', { name: 'Dispose' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Write off these units?' })).getByRole('button', { name: 'Write off' }));
    const form = await screen.findByRole('dialog', { name: 'Dispose of units' });
    expect(within(form).getByText(message)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Dispose' })).toBeDisabled();
  });

  it('is not offered to the assistant, who may not write units off', async () => {
    signIn('assistant');
    renderApp('/alerts');
    const region = await screen.findByRole('region', { name: 'Expired' });
    await within(region).findByRole('link', { name: LIDOCAINE.name });
    expect(within(region).queryByRole('button', { name: /Dispose/ })).not.toBeInTheDocument();
  });
});

describe('Return to supplier', () => {
  function renderReturn() {
    setToken(fakeToken('company_member'));
    const fetchMock = stubApi(profileFor('company_member'), { [`/api/stock/${LOT.id}/return`]: () => jsonResponse({ id: LOT.id }) });
    const queryClient = createQueryClient();
    render(
      <AppProviders queryClient={queryClient}>
        <ReturnDialog product={LIDOCAINE} lot={{ ...LOT, units_left: 10 }} supplierName="Henry Schein" onClose={() => undefined} />
      </AppProviders>,
    );
    return fetchMock;
  }

  it('refuses more units than are left and a credit in part cents before asking anything', async () => {
    renderReturn();
    const dialog = screen.getByRole('dialog', { name: 'Return to supplier' });
    const units = within(dialog).getByRole('spinbutton', { name: /Units/ });
    await userEvent.clear(units);
    await userEvent.type(units, '11');
    expect(within(dialog).getByText(WRITE_OFF_MESSAGES.moreThanLeft(10))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Return' })).toBeDisabled();
    await userEvent.clear(units);
    await userEvent.type(units, '2');
    const credit = within(dialog).getByRole('spinbutton', { name: /Credit amount/ });
    await userEvent.clear(credit);
    await userEvent.type(credit, '1.005');
    expect(within(dialog).getByText(WRITE_OFF_MESSAGES.creditCents)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Return' })).toBeDisabled();
  });

  it('sends the units, the credit and the reference after the confirmation', async () => {
    const fetchMock = renderReturn();
    const dialog = screen.getByRole('dialog', { name: 'Return to supplier' });
    const units = within(dialog).getByRole('spinbutton', { name: /Units/ });
    await userEvent.clear(units);
    await userEvent.type(units, '2');
    const credit = within(dialog).getByRole('spinbutton', { name: /Credit amount/ });
    await userEvent.clear(credit);
    await userEvent.type(credit, '9.5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Supplier reference' }), 'RMA-7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return' }));

    const confirm = await screen.findByRole('dialog', { name: 'Record this return?' });
    expect(confirm).toHaveTextContent('2 units of Lidocaine 2%, lot OLD-1, go back to Henry Schein for a credit of $9.50 (RMA-7).');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm return' }));
    expect(await screen.findByText(WRITE_OFF_MESSAGES.returned)).toBeInTheDocument();
    expect(posted(fetchMock, `/api/stock/${LOT.id}/return`)).toEqual([{ units: 2, credit_amount: 9.5, supplier_reference: 'RMA-7', note: '', idempotency_key: expect.any(String) }]);
  });
});
