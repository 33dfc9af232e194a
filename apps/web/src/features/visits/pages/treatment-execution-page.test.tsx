import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TrayProposal, WaitingVisit } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const WAITING: WaitingVisit = {
  chart_number: 'BS-10231',
  pms_patient: null,
  performed_on: '2026-11-27',
  procedures: [{ id: '6f1c2a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', source: 'csv', code: 'D1110', fee: 115, treatment: { id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b', name: 'Prophylaxis, adult', code: 'D1110' }, problem: null }],
  tray: [],
  ready: true,
};

describe('execute treatment', () => {
  it('shows the form once the visits waiting from the practice system are known, so it does not jump down under them', async () => {
    let answerWaiting: ((response: Response) => void) | null = null;
    setToken(fakeToken('company_admin'));
    stubApi(profileFor('company_admin'), { '/api/pms/waiting': () => new Promise<Response>((resolve) => { answerWaiting = resolve; }) });
    renderApp('/treatment-execution');

    expect(await screen.findByRole('heading', { name: 'Execute treatment' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Patient chart number/ })).not.toBeInTheDocument();

    // Asked once the device was read for a kept answer (issue 52): answered then.
    await vi.waitFor(() => { expect(answerWaiting).not.toBeNull(); });
    answerWaiting!(jsonResponse({ visits: [WAITING] }));
    // On a slow machine the form may already show (it waits 1.5 s at most); the visit comes above it.
    expect(await screen.findByRole('article', { name: 'Procedures of BS-10231, 11-27-2026' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Patient chart number/ })).toBeInTheDocument();
  });

  it('shows the form when the waiting visits cannot be read', async () => {
    setToken(fakeToken('company_admin'));
    stubApi(profileFor('company_admin'), { '/api/pms/waiting': () => jsonResponse({ message: 'Forbidden' }, 403) });
    renderApp('/treatment-execution');
    expect(await screen.findByRole('combobox', { name: /Patient chart number/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Waiting from the practice system' })).not.toBeInTheDocument();
  });

  it('shows the form after a moment when the waiting visits do not answer (a slow network at the chair)', async () => {
    setToken(fakeToken('company_admin'));
    stubApi(profileFor('company_admin'), { '/api/pms/waiting': () => new Promise<Response>(() => undefined) });
    renderApp('/treatment-execution');
    expect(await screen.findByRole('heading', { name: 'Execute treatment' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Patient chart number/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: /Patient chart number/ })).toBeInTheDocument();
  });

  it('checks the form when Save procedure is pressed, with the checks loaded on demand, and sends nothing while a field is wrong', async () => {
    setToken(fakeToken('company_admin'));
    const fetchMock = stubApi(profileFor('company_admin'), { '/api/pms/waiting': () => jsonResponse({ visits: [] }) });
    renderApp('/treatment-execution');
    expect(await screen.findByRole('combobox', { name: /Patient chart number/ })).toBeInTheDocument();
    // Nothing is checked before the first Save.
    expect(screen.queryByText('Patient chart number is required')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));
    expect(await screen.findByText('Patient chart number is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one treatment')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
  it('proposes the tray from the typed case note as a draft: accepting a line puts it on the tray, dropping one leaves it off, and nothing is saved', async () => {
    const note = 'LA: two carpules of Septocaine. Closed with 4-0 Vicryl.';
    const proposal: TrayProposal = {
      source: 'note',
      engine: 'local',
      note,
      dropped: 0,
      lines: [
        {
          product: { id: '0b3f1a8e-7a4c-4d7e-9d3c-2f1e0a9b8c7d', name: 'Septocaine Articaine HCl 4%', unit: 'cartridge', implantable: false },
          quantity: 2,
          words: [{ text: 'two carpules of Septocaine', start: 4, end: 30 }],
          treatment_id: null,
          lots: [{ stock_id: '5c4b3a29-1807-4f6e-8d5c-4b3a29180706', lot_number: 'SEP-SOON', expiry_date: '2030-01-31', quantity: 2 }],
          unit_price: 0.5,
          stock_problem: null,
        },
        {
          product: { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Vicryl 4-0', unit: 'item', implantable: false },
          quantity: 1,
          words: [{ text: '4-0 Vicryl', start: 44, end: 54 }],
          treatment_id: null,
          lots: [],
          unit_price: null,
          stock_problem: 'Vicryl 4-0 - Not enough stock',
        },
      ],
    };
    setToken(fakeToken('company_admin'));
    const fetchMock = stubApi(profileFor('company_admin'), { '/api/pms/waiting': () => jsonResponse({ visits: [] }), '/api/treatment_log/tray-proposal': () => jsonResponse(proposal) });
    renderApp('/treatment-execution');
    const propose = await screen.findByRole('button', { name: 'Propose from note' });
    expect(propose).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Case note' }), note);
    await userEvent.click(propose);

    const panel = screen.getByRole('region', { name: 'Proposed from the case note' });
    const septocaine = await within(panel).findByRole('listitem', { name: 'Septocaine Articaine HCl 4%' });
    expect(within(septocaine).getByText('“two carpules of Septocaine”')).toBeInTheDocument();
    expect(within(septocaine).getByText('Lot SEP-SOON · exp. 01-31-2030 · 2')).toBeInTheDocument();
    expect(within(panel).getByText('Vicryl 4-0 - Not enough stock')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).includes('tray-proposal'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ note, treatments: [] });

    const quantity = within(septocaine).getByRole('spinbutton', { name: 'Quantity of Septocaine Articaine HCl 4% (cartridge)' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(within(septocaine).getByRole('button', { name: 'Accept Septocaine Articaine HCl 4%' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Drop Vicryl 4-0' }));

    const tray = screen.getByRole('region', { name: 'Tray' });
    expect(within(tray).getByRole('listitem', { name: 'Septocaine Articaine HCl 4%' })).toBeInTheDocument();
    expect(within(tray).getByRole('spinbutton', { name: 'Units' })).toHaveValue(3);
    expect(within(tray).queryByRole('listitem', { name: 'Vicryl 4-0' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('listitem', { name: 'Vicryl 4-0' })).not.toBeInTheDocument();
    expect(within(septocaine).getByText('Added to the tray: 3 (cartridge)')).toBeInTheDocument();
    // Only the proposal was asked for: no visit was recorded.
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST').map(([input]) => String(input))).toEqual([expect.stringContaining('/api/treatment_log/tray-proposal')]);
  });
});
