import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Alert, Recall, RecallContactMark, Role } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { recallSearchFrom, searchValue } from './recall-page';

const PATIENT = '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a';
const LOG = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const MARK: RecallContactMark = { by: 'Ana Ruiz', at: '2026-03-02T15:15:00.000Z' };

function recall(by: Recall['by'], value: string, contacted: RecallContactMark | null, elsewhere?: string): Recall {
  return {
    by,
    value,
    lots: [],
    visits: [{ treatment_log_id: LOG, patient_id: PATIENT, patient_chart_number: 'PT-7', visit_at: '2026-02-20T10:00:00.000Z', product_name: 'Implant Fixture 4.1', lotNumber: 'FX-100', serial_number: 'SN-001', quantity: 1, ...(elsewhere ? { location_name: elsewhere } : {}) }],
    patients: [{ patient_id: PATIENT, patient_chart_number: 'PT-7', last_visit_at: '2026-02-20T10:00:00.000Z', contacted }],
  };
}

/**
 * A tiny recall API: the trace answers what it was asked, with the patient's mark as it stands.
 * `contactAnswer`, when given, answers the mark instead (a slow or refusing server).
 */
function signIn(role: Role, alerts: Alert[] = [], contactAnswer?: (setMark: (mark: RecallContactMark | null) => void) => Promise<Response>, elsewhere?: string) {
  setToken(fakeToken(role));
  let mark: RecallContactMark | null = null;
  const fetchMock = stubApi(profileFor(role), {
    '/api/recall': (url) => {
      const [by, value] = [...url.searchParams.entries()][0]!;
      return jsonResponse(recall(by as Recall['by'], value, mark, elsewhere));
    },
    [`/api/recall/contacts/${PATIENT}`]: (_url, init) => {
      if (contactAnswer) return contactAnswer((next) => { mark = next; });
      if (init?.method === 'PUT') {
        mark = MARK;
        return jsonResponse({ patient_id: PATIENT, contacted: MARK });
      }
      mark = null;
      return jsonResponse(undefined, 204);
    },
    '/api/alert': (url) => {
      const results = alerts.filter((a) => url.searchParams.get('kind') === null || a.kind === url.searchParams.get('kind'));
      return jsonResponse({ results, currentPage: 1, lastPage: 1, total: results.length, counts: { low_stock: 0, expiring: 0, expired: 0, recalled: alerts.length } });
    },
  });
  const calls = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`).filter((c) => c.includes('/api/recall'));
  return { fetchMock, calls };
}

describe('recall page', () => {
  it('searches from the address, marks a patient contacted with who and when, and takes the mark back after confirming', async () => {
    const { calls } = signIn('assistant');
    renderApp('/recall?serial=SN-001');

    expect(await screen.findByRole('textbox', { name: 'Serial number' })).toHaveValue('SN-001');
    const patients = await screen.findByRole('table', { name: 'Affected patients' });
    const box = within(patients).getByRole('checkbox', { name: 'Contacted PT-7' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Not contacted');
    expect(screen.getByRole('table', { name: 'Patients who received the device' })).toHaveTextContent('SN-001');
    expect(calls()).toEqual(['GET /api/recall?serial=SN-001']);

    await userEvent.click(box);
    await waitFor(() => { expect(box).toBeChecked(); });
    expect(box).toHaveAccessibleDescription('Ana Ruiz, 03-02-2026 3:15 PM');
    expect(calls()).toContain(`PUT /api/recall/contacts/${PATIENT}?serial=SN-001`);

    // Taking the mark back asks first; cancelling keeps it.
    await userEvent.click(box);
    const dialog = await screen.findByRole('dialog', { name: 'Unmark contacted' });
    expect(dialog).toHaveTextContent('PT-7 was marked as contacted by Ana Ruiz, 03-02-2026 3:15 PM.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(box).toBeChecked();
    expect(calls().some((c) => c.startsWith('DELETE'))).toBe(false);

    await userEvent.click(box);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unmark contacted' })).getByRole('button', { name: 'Unmark' }));
    await waitFor(() => { expect(box).not.toBeChecked(); });
    expect(calls()).toContain(`DELETE /api/recall/contacts/${PATIENT}?serial=SN-001`);
  });

  it('ticks the box the moment it is clicked, before a slow server answers', async () => {
    let answer: () => void = () => undefined;
    const { calls } = signIn('assistant', [], (setMark) => new Promise((resolve) => {
      answer = () => {
        setMark(MARK);
        resolve(jsonResponse({ patient_id: PATIENT, contacted: MARK }));
      };
    }));
    renderApp('/recall?serial=SN-001');
    const box = within(await screen.findByRole('table', { name: 'Affected patients' })).getByRole('checkbox', { name: 'Contacted PT-7' });

    // A click read back at once (as a browser test does): the click's own render shows the mark.
    fireEvent.click(box);
    expect(box).toBeChecked();
    await waitFor(() => { expect(calls()).toContain(`PUT /api/recall/contacts/${PATIENT}?serial=SN-001`); });
    expect(box).toBeChecked();
    answer();
    expect(await screen.findByText('PT-7 marked as contacted.')).toBeInTheDocument();
    expect(box).toBeChecked();
    await waitFor(() => { expect(box).toHaveAccessibleDescription('Ana Ruiz, 03-02-2026 3:15 PM'); });
  });

  it('takes the mark back, with the reason, when the server refuses it', async () => {
    let refuse: () => void = () => undefined;
    const { calls } = signIn('assistant', [], () => new Promise((resolve) => {
      refuse = () => { resolve(jsonResponse({ statusCode: 403, code: 'FORBIDDEN', message: 'You cannot mark patients of this location' }, 403)); };
    }));
    renderApp('/recall?serial=SN-001');
    const box = within(await screen.findByRole('table', { name: 'Affected patients' })).getByRole('checkbox', { name: 'Contacted PT-7' });

    fireEvent.click(box);
    expect(box).toBeChecked();
    await waitFor(() => { expect(calls()).toContain(`PUT /api/recall/contacts/${PATIENT}?serial=SN-001`); });
    refuse();
    expect(await screen.findByText('You cannot mark patients of this location')).toBeInTheDocument();
    await waitFor(() => { expect(box).not.toBeChecked(); });
    expect(box).toHaveAccessibleDescription('Not contacted');
  });

  it("links the lot's product and the patients in the app's link style", async () => {
    signIn('assistant');
    renderApp('/recall?serial=SN-001');
    const link = within(await screen.findByRole('table', { name: 'Affected patients' })).getByRole('link', { name: 'PT-7' });
    expect(link).toHaveAttribute('href', `/patients/${PATIENT}`);
    expect(link).toHaveClass('MuiLink-root');
  });

  it('searches by UDI-DI from a scanned label, and puts the search in the address', async () => {
    const { calls } = signIn('company_member');
    const { router } = renderApp('/recall');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Search by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'UDI-DI' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'UDI-DI' }), '(01)04006381333931(21)SN-001');
    await userEvent.click(screen.getByRole('button', { name: 'Trace' }));

    await waitFor(() => { expect(router.state.location.search).toBe('?udi_di=04006381333931'); });
    expect(await screen.findByRole('table', { name: 'Affected patients' })).toHaveTextContent('PT-7');
    expect(calls()).toEqual(['GET /api/recall?udi_di=04006381333931']);
  });

  it('a recalled alert opens the patients who received the lot', async () => {
    const alert: Alert = {
      id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
      kind: 'recalled',
      created_at: '2026-03-01T10:00:00.000Z',
      product: { id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f', name: 'Filler Syringe', product_image_url: null },
      stock: { id: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a', lotNumber: 'V40 LA/1', expiry_date: '2027-01-31', units_left: 3 },
      units_in_stock: 3,
      minimum_stock: 0,
      last_receipt: null,
      recall: { stock_id: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a', location: { id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', name: 'Downtown' }, reason: 'Packaging defect', reference: 'FSCA-12', recalled_at: '2026-03-01T10:00:00.000Z' },
      request: null,
    };
    const { calls } = signIn('company_member', [alert]);
    const { router } = renderApp('/alerts');
    const region = await screen.findByRole('region', { name: 'Recalled' });
    await userEvent.click(await within(region).findByRole('link', { name: 'Affected patients of Filler Syringe lot V40 LA/1' }));

    await waitFor(() => { expect(router.state.location.pathname).toBe('/recall'); });
    expect(await screen.findByRole('textbox', { name: 'Lot number' })).toHaveValue('V40 LA/1');
    expect(await screen.findByRole('table', { name: 'Patients who received the lot' })).toHaveTextContent('PT-7');
    expect(calls()).toEqual(['GET /api/recall?lot=V40+LA%2F1']);
  });
});

describe('recall search', () => {
  it('reads the first of lot, serial and udi_di from the address', () => {
    expect(recallSearchFrom(new URLSearchParams('serial=%20SN-1%20'))).toEqual({ by: 'serial', value: 'SN-1' });
    expect(recallSearchFrom(new URLSearchParams('lot=&udi_di=04006381333931'))).toEqual({ by: 'udi_di', value: '04006381333931' });
    expect(recallSearchFrom(new URLSearchParams(''))).toEqual({ by: 'lot', value: '' });
  });

  it('takes the GTIN of a scanned GS1 label for a UDI-DI, and anything else as typed', () => {
    expect(searchValue('udi_di', ' 4006381333931 ')).toBe('4006381333931');
    expect(searchValue('udi_di', '(01)04006381333931(17)270131(10)FX-100')).toBe('04006381333931');
    expect(searchValue('serial', ' (01)SN ')).toBe('(01)SN');
  });
});

describe('recall page across a transfer', () => {
  it('names a patient of another location, who that location contacts, without a mark here', async () => {
    signIn('company_member', [], undefined, 'Lakeside');
    renderApp('/recall?lot=FX-100');
    const patients = await screen.findByRole('table', { name: 'Affected patients' });
    expect(await within(patients).findByText('PT-7 (at Lakeside)')).toBeInTheDocument();
    expect(within(patients).getByText('Contacted by Lakeside')).toBeInTheDocument();
    expect(within(patients).queryByRole('checkbox')).toBeNull();
  });
});
