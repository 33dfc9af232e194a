import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TREATMENT_LOG_MESSAGES, type CreateTreatmentLogRequest, type Treatment } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { addEntry, clearEntriesOf, entriesOf } from '../../../lib/outbox/outbox-store';

const PROPHY: Treatment = {
  id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  treatment_code: 'D1110',
  name: 'Prophylaxis, adult',
  abbreviation: '',
  description: '',
  category: null,
  estimated_cost: 2.5,
  created_at: '2026-11-01T10:00:00.000Z',
  treatmentProducts: [
    { product_id: '2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', quantity: 1, estimated_unit_price: 2.5, product: { id: '2b4f7a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', name: 'Prophy paste', product_image_url: null, type: 'consumable', basic_unit: 'item', implantable: false } },
  ],
};
const EXPIRED = 'Prophy paste - Expired stock';
const OTHER_USER = '33333333-3333-4333-8333-333333333333';

/**
 * The chair's server: treatments to pick, visits recorded once per key; `refuse` turns a visit away
 * with the spec's message; `held` keeps the visit's answer until it settles (a slow network).
 */
function chairServer(refuse: () => boolean = () => false, held: () => Promise<void> = () => Promise.resolve()) {
  const fetchMock = stubApi(profileFor('assistant'), {
    '/api/pms/waiting': () => jsonResponse({ visits: [] }),
    '/api/treatment': () => jsonResponse({ results: [PROPHY], currentPage: 1, lastPage: 1, total: 1 }),
    '/api/treatment_log': async (_url, init) => {
      await held();
      if (refuse()) return jsonResponse({ message: EXPIRED, code: 'CONFLICT' }, 409);
      const body = JSON.parse(String(init?.body)) as CreateTreatmentLogRequest;
      return jsonResponse({ id: 'c0ffee00-0000-4000-8000-000000000001', patient: { id: 'p-1', patient_chart_number: body.patient_chart_number }, recordingUrls: [], total_cost: 2.5, transcriptionJobStatus: null }, 201);
    },
  });
  const posts = () => fetchMock.mock.calls.filter(([input, init]) => String(input) === '/api/treatment_log' && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as CreateTreatmentLogRequest);
  return { posts, fetchMock };
}

async function fillVisit() {
  await userEvent.type(await screen.findByRole('combobox', { name: 'Treatments' }), 'D1110');
  await userEvent.click(await screen.findByRole('option', { name: 'D1110 · Prophylaxis, adult' }));
  expect(within(screen.getByRole('region', { name: 'Tray' })).getByRole('listitem', { name: 'Prophy paste' })).toBeInTheDocument();
}

const notSent = () => screen.queryByRole('region', { name: 'Not sent yet' });

afterEach(async () => {
  await clearEntriesOf(IDS.user);
  await clearEntriesOf(OTHER_USER);
  vi.restoreAllMocks();
});

describe('Save procedure goes through the outbox', () => {
  it('online: the visit is sent once, "Procedure saved" shows, and the form is free for the next patient', async () => {
    setToken(fakeToken('assistant'));
    const { posts } = chairServer();
    renderApp('/treatment-execution/CH-9');
    await fillVisit();
    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));

    expect(await screen.findByText(TREATMENT_LOG_MESSAGES.saved)).toBeInTheDocument();
    expect(screen.getByText('Visit of CH-9 saved: $2.50.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Tray' })).queryByRole('listitem')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    await waitFor(() => { expect(notSent()).not.toBeInTheDocument(); });
  });

  it('online: the form is free at the tap, "Sending the visit of …" stands until the answer, and the visit is not listed as unsent meanwhile', async () => {
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => { answer = resolve; });
    setToken(fakeToken('assistant'));
    const { posts } = chairServer(() => false, () => answered);
    renderApp('/treatment-execution/CH-9');
    await fillVisit();
    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));

    // Before the server has answered: the tray is empty for the next patient, and the visit is on its way.
    expect(within(screen.getByRole('region', { name: 'Tray' })).queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sending the visit of CH-9: Prophylaxis, adult…');
    await waitFor(() => { expect(posts()).toHaveLength(1); });
    expect(notSent()).not.toBeInTheDocument();

    answer();
    expect(await screen.findByText(TREATMENT_LOG_MESSAGES.saved)).toBeInTheDocument();
    expect(screen.getByText('Visit of CH-9 saved: $2.50.')).toBeInTheDocument();
    expect(screen.queryByText('Sending the visit of CH-9: Prophylaxis, adult…')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });

  it('online, a visit refused while the next one is being entered waits in "Not sent yet" with its message; the new visit stays in the form', async () => {
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => { answer = resolve; });
    setToken(fakeToken('assistant'));
    chairServer(() => true, () => answered);
    renderApp('/treatment-execution/CH-9');
    await fillVisit();
    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));
    await fillVisit();

    answer();
    const entry = within(await screen.findByRole('region', { name: 'Not sent yet' })).getByRole('listitem', { name: 'CH-9: Prophylaxis, adult' });
    await waitFor(() => { expect(entry).toHaveTextContent('Needs attention'); });
    expect(within(entry).getByRole('note')).toHaveTextContent(EXPIRED);
    expect(screen.queryByText(/which was not sent: saving sends it again/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Tray' })).getByRole('listitem', { name: 'Prophy paste' })).toBeInTheDocument();
  });

  it('offline: the visit is kept on this device, listed as waiting, the form resets, and it is sent once when the network is back', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    setToken(fakeToken('assistant'));
    const { posts } = chairServer();
    renderApp('/treatment-execution/CH-9');
    await fillVisit();
    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));

    expect(await screen.findByText(TREATMENT_LOG_MESSAGES.queued)).toBeInTheDocument();
    const entry = within(await screen.findByRole('region', { name: 'Not sent yet' })).getByRole('listitem', { name: 'CH-9: Prophylaxis, adult' });
    await waitFor(() => { expect(entry).toHaveTextContent('Waiting to send'); });
    expect(within(screen.getByRole('region', { name: 'Tray' })).queryByRole('listitem')).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    online = true;
    act(() => { window.dispatchEvent(new Event('online')); });
    expect(await screen.findByText(TREATMENT_LOG_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => { expect(notSent()).not.toBeInTheDocument(); });
    expect(posts()).toHaveLength(1);
  });

  it('opened offline, the form keeps what was entered when the network comes back while the profile is asked again', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    let answerProfile: (() => void) | null = null;
    setToken(fakeToken('assistant'));
    stubApi(profileFor('assistant'), {
      '/api/pms/waiting': () => jsonResponse({ visits: [] }),
      // A slow network: the profile is asked as the network comes back and answers a moment later.
      '/api/auth/profile': () => new Promise<Response>((resolve) => { answerProfile = () => { resolve(jsonResponse(profileFor('assistant'))); }; }),
    });
    renderApp('/treatment-execution');
    const chart = await screen.findByRole('combobox', { name: /Patient chart number/ });
    await userEvent.type(chart, 'CH-42');

    online = true;
    act(() => { window.dispatchEvent(new Event('online')); });
    await waitFor(() => { expect(answerProfile).not.toBeNull(); });
    // While the profile is on its way, the page stays as it is.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(chart).toBeInTheDocument();
    act(() => { answerProfile!(); });
    expect(await screen.findByText('Dana Reyes')).toBeInTheDocument();
    expect(chart).toBeInTheDocument();
    expect(chart).toHaveValue('CH-42');
  });

  it('opened offline, the form keeps what was entered when the network comes back and the profile cannot be read', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    let profileAsked = 0;
    setToken(fakeToken('assistant'));
    stubApi(profileFor('assistant'), {
      '/api/pms/waiting': () => jsonResponse({ visits: [] }),
      '/api/auth/profile': () => { profileAsked += 1; return jsonResponse({ message: 'Service unavailable' }, 503); },
    });
    renderApp('/treatment-execution');
    const chart = await screen.findByRole('combobox', { name: /Patient chart number/ });
    await userEvent.type(chart, 'CH-43');

    online = true;
    act(() => { window.dispatchEvent(new Event('online')); });
    await waitFor(() => { expect(profileAsked).toBeGreaterThan(0); });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(chart).toBeInTheDocument();
    expect(chart).toHaveValue('CH-43');
  });

  it('online, a visit the server refuses stays in the form with the server’s message, and saved again it goes with the same key', async () => {
    let refusing = true;
    setToken(fakeToken('assistant'));
    const { posts } = chairServer(() => refusing);
    renderApp('/treatment-execution/CH-9');
    await fillVisit();
    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));

    expect(await screen.findByText('Fixing CH-9: Prophylaxis, adult, which was not sent: saving sends it again.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent.includes(EXPIRED))).toBe(true);
    expect(within(screen.getByRole('region', { name: 'Tray' })).getByRole('listitem', { name: 'Prophy paste' })).toBeInTheDocument();
    const entry = within(screen.getByRole('region', { name: 'Not sent yet' })).getByRole('listitem', { name: 'CH-9: Prophylaxis, adult' });
    await waitFor(() => { expect(entry).toHaveTextContent('Being fixed below'); });

    refusing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));
    expect(await screen.findByText(TREATMENT_LOG_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => { expect(notSent()).not.toBeInTheDocument(); });
    const [first, second] = posts();
    expect(second?.idempotency_key).toBe(first?.idempotency_key);
  });

  it('a visit kept offline and refused when sent shows its message on it; Edit loads it back, Send now or Save sends it with the same key', async () => {
    let online = false;
    let refusing = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    setToken(fakeToken('assistant'));
    const { posts } = chairServer(() => refusing);
    renderApp('/treatment-execution/CH-9');
    await fillVisit();
    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));
    const entry = within(await screen.findByRole('region', { name: 'Not sent yet' })).getByRole('listitem', { name: 'CH-9: Prophylaxis, adult' });
    await waitFor(() => { expect(entry).toHaveTextContent('Waiting to send'); });

    online = true;
    act(() => { window.dispatchEvent(new Event('online')); });
    await waitFor(() => { expect(entry).toHaveTextContent('Needs attention'); });
    expect(within(entry).getByRole('note')).toHaveTextContent(EXPIRED);
    // Sent again as it was, it is refused again: it stays, with its message.
    await userEvent.click(within(entry).getByRole('button', { name: 'Send now CH-9: Prophylaxis, adult' }));
    await waitFor(() => { expect(posts()).toHaveLength(2); });
    await waitFor(() => { expect(entry).toHaveTextContent('Needs attention'); });

    await userEvent.click(within(entry).getByRole('button', { name: 'Edit CH-9: Prophylaxis, adult' }));
    expect(screen.getByText('Fixing CH-9: Prophylaxis, adult, which was not sent: saving sends it again.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Patient chart number/ })).toHaveValue('CH-9');
    expect(within(screen.getByRole('region', { name: 'Tray' })).getByRole('listitem', { name: 'Prophy paste' })).toBeInTheDocument();

    refusing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));
    expect(await screen.findByText(TREATMENT_LOG_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => { expect(notSent()).not.toBeInTheDocument(); });
    expect(new Set(posts().map((p) => p.idempotency_key)).size).toBe(1);
    expect(posts()).toHaveLength(3);
  });

  it('Discard asks first, then the visit leaves the device unsent', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setToken(fakeToken('assistant'));
    const { posts } = chairServer();
    renderApp('/treatment-execution/CH-9');
    await fillVisit();
    await userEvent.click(screen.getByRole('button', { name: 'Save procedure' }));
    const entry = within(await screen.findByRole('region', { name: 'Not sent yet' })).getByRole('listitem', { name: 'CH-9: Prophylaxis, adult' });
    await waitFor(() => { expect(entry).toHaveTextContent('Waiting to send'); });

    await userEvent.click(within(entry).getByRole('button', { name: 'Discard CH-9: Prophylaxis, adult' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard visit' });
    expect(dialog).toHaveTextContent(`CH-9: Prophylaxis, adult: ${TREATMENT_LOG_MESSAGES.discardQueued('visit')}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => { expect(notSent()).not.toBeInTheDocument(); });
    expect(await entriesOf(IDS.user)).toEqual([]);
    expect(posts()).toHaveLength(0);
  });

  it('another user’s visits kept on this browser are neither listed nor sent', async () => {
    await addEntry({ kind: 'visit', key: 'f0f0f0f0-0000-4000-8000-000000000001', userId: OTHER_USER, label: 'CH-1: Prophylaxis, adult', body: { patient_chart_number: 'CH-1', treatments: [PROPHY.id], products: [], idempotency_key: 'f0f0f0f0-0000-4000-8000-000000000001' }, clips: [], form: null });
    setToken(fakeToken('assistant'));
    const { posts } = chairServer();
    renderApp('/treatment-execution');
    expect(await screen.findByRole('combobox', { name: /Patient chart number/ })).toBeInTheDocument();
    expect(notSent()).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    expect(await entriesOf(OTHER_USER)).toHaveLength(1);
  });
});
