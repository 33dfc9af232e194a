import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PMS_MESSAGES, type Role, type WaitingVisit } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { setToken } from '../../../lib/auth-token';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { WaitingProcedures } from './waiting-procedures';

const PROPHY = { id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b', name: 'Prophylaxis, adult', code: 'D1110' };
const ready: WaitingVisit = {
  chart_number: 'BS-10231',
  pms_patient: null,
  performed_on: '2026-11-27',
  procedures: [{ id: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', source: 'csv', code: 'D1110', fee: 115, treatment: PROPHY, problem: null }],
  tray: [
    { product_id: '2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', product_name: 'Prophy paste', treatment_id: PROPHY.id, quantity: 1, usable_units: 40 },
    { product_id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f', product_name: 'Gloves', treatment_id: PROPHY.id, quantity: 2, usable_units: 1 },
  ],
  ready: true,
};
const unmapped: WaitingVisit = {
  chart_number: 'BS-10588',
  pms_patient: null,
  performed_on: '2026-11-27',
  procedures: [{ id: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a', source: 'csv', code: 'D0120', fee: 55, treatment: null, problem: PMS_MESSAGES.codeUnmapped('D0120') }],
  tray: [],
  ready: false,
};

// Issue 50: Open Dental's own example patient has "ChartNumber": "" (docs/open-dental.md).
const unknownPatient: WaitingVisit = {
  chart_number: '',
  pms_patient: '9002',
  performed_on: '2026-11-27',
  procedures: [{ id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', source: 'open_dental', code: 'D1110', fee: 115, treatment: PROPHY, problem: PMS_MESSAGES.chartMissingInPms('9002') }],
  tray: [{ product_id: '2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', product_name: 'Prophy paste', treatment_id: PROPHY.id, quantity: 1, usable_units: 40 }],
  ready: false,
};

function renderList(role: Role, visits: WaitingVisit[], onEdit = vi.fn()) {
  // Signed in: what is confirmed goes through the user's outbox.
  setToken(fakeToken(role));
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor(role)));
      if (method === 'GET' && url.pathname === '/api/pms/waiting') return Promise.resolve(jsonResponse({ visits }));
      if (method === 'GET' && url.pathname === '/api/patient') return Promise.resolve(jsonResponse({ results: [{ patient_chart_number: 'BS-4471' }], currentPage: 1, lastPage: 1 }));
      calls.push({ method, path: url.pathname, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      if (url.pathname === '/api/pms/waiting/confirm') return Promise.resolve(jsonResponse({ treatment_log_id: '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e' }, 201));
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <WaitingProcedures editing={null} onEdit={onEdit} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { calls, onEdit };
}

describe('procedures waiting from the practice system', () => {
  it('one tap records a ready visit with its tray', async () => {
    const { calls } = renderList('assistant', [{ ...ready, tray: [ready.tray[0]!] }]);
    const card = await screen.findByRole('article', { name: 'Procedures of BS-10231, 11-27-2026' });
    expect(card).toHaveTextContent('Prophylaxis, adult');
    expect(card).toHaveTextContent('Tray: 1 × Prophy paste');
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm tray of BS-10231, 11-27-2026' }));
    expect(await screen.findByText(PMS_MESSAGES.confirmed)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/pms/waiting/confirm', body: { procedure_ids: [ready.procedures[0]!.id], idempotency_key: expect.any(String) } }]);
  });

  it('a tray the shelf cannot serve says what is short, and Edit tray opens it', async () => {
    const { onEdit } = renderList('assistant', [ready]);
    const card = await screen.findByRole('article', { name: 'Procedures of BS-10231, 11-27-2026' });
    expect(card).toHaveTextContent('Not enough on the shelf: Gloves (1 usable, 2 needed)');
    expect(within(card).getByRole('button', { name: /^Confirm tray/ })).toBeDisabled();
    await userEvent.click(within(card).getByRole('button', { name: /^Edit tray/ }));
    expect(onEdit).toHaveBeenCalledWith(ready);
  });

  it('an unmapped code says so; an admin is sent to map it, and a procedure can be dismissed', async () => {
    const { calls } = renderList('company_admin', [unmapped]);
    const card = await screen.findByRole('article', { name: 'Procedures of BS-10588, 11-27-2026' });
    expect(card).toHaveTextContent(PMS_MESSAGES.codeUnmapped('D0120'));
    expect(within(card).getByRole('button', { name: /^Confirm tray/ })).toBeDisabled();
    expect(within(card).getByRole('link', { name: 'Map procedure codes' })).toHaveAttribute('href', '/pms');
    await userEvent.click(within(card).getByRole('button', { name: 'Dismiss D0120 of BS-10588, 11-27-2026' }));
    expect(await screen.findByText(PMS_MESSAGES.dismissed)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: `/api/pms/procedures/${unmapped.procedures[0]!.id}/dismiss`, body: {} }]);
  });

  it('a visit whose patient has no chart number in Open Dental waits for someone to pick the patient, and sends the one picked', async () => {
    const { calls } = renderList('assistant', [unknownPatient]);
    const card = await screen.findByRole('article', { name: 'Procedures of Open Dental patient 9002, 11-27-2026' });
    expect(card).toHaveTextContent(`${PMS_MESSAGES.chartMissingInPms('9002')}. ${PMS_MESSAGES.pickPatient}.`);
    expect(within(card).getByRole('button', { name: /^Confirm tray/ })).toBeDisabled();
    expect(within(card).queryByRole('link', { name: 'Map procedure codes' })).toBeNull();
    const use = within(card).getByRole('button', { name: 'Use this patient' });
    expect(use).toBeDisabled();
    await userEvent.type(within(card).getByLabelText('Patient chart number for Open Dental patient 9002, 11-27-2026'), 'BS-44');
    await userEvent.click(await screen.findByRole('option', { name: 'BS-4471' }));
    await userEvent.click(use);
    expect(await screen.findByText(PMS_MESSAGES.patientPicked)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', path: `/api/pms/procedures/${unknownPatient.procedures[0]!.id}/patient`, body: { chart_number: 'BS-4471' } }]);
  });
});
