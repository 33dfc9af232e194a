import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPEN_DENTAL_API_URL, PMS_MESSAGES, type PmsConnection } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse } from '../../../test/fixtures';
import { formatDateTime } from '../../../lib/format';
import { OpenDentalCard } from './open-dental-card';

const SAVED: PmsConnection = {
  kind: 'open_dental',
  base_url: OPEN_DENTAL_API_URL,
  clinic_num: null,
  enabled: true,
  take_stock_on_complete: false,
  use_patient_number: false,
  recheck_days: 7,
  has_keys: true,
  last_run_at: '2026-11-20T15:00:00.000Z',
  last_success_at: '2026-11-20T14:55:00.000Z',
  last_error: 'Open Dental refused the keys: check the developer key and the customer key',
};

type Call = { method: string; path: string; body: unknown };

/** The card against a fake API: the saved connection, and answers for the test, the save and Sync now. */
function renderCard(saved: PmsConnection, answers: { test?: unknown; save?: Response; sync?: Promise<Response> } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
      if (url.pathname === '/api/pms/connection/test') return Promise.resolve(jsonResponse(answers.test));
      if (url.pathname === '/api/pms/connection/sync') return answers.sync ?? Promise.resolve(jsonResponse(saved));
      if (init?.method === 'PUT') return Promise.resolve(answers.save ?? jsonResponse({ ...saved, ...(body as object), has_keys: true, last_error: null }));
      return Promise.resolve(jsonResponse(saved));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <OpenDentalCard />
    </AppProviders>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Connect Open Dental card', () => {
  it('shows saved keys as saved, never their text, and how the sync last ran', async () => {
    renderCard(SAVED);
    const developer = await screen.findByLabelText('Developer key');
    expect(developer).toHaveValue('');
    expect(developer).toHaveAttribute('type', 'password');
    expect(developer).toHaveAttribute('placeholder', 'Saved');
    expect(screen.getByLabelText('Customer key')).toHaveValue('');
    expect(screen.getAllByText('Saved (never shown). Type a new key to replace it.')).toHaveLength(2);
    expect(screen.getByLabelText('Open Dental address')).toHaveValue(OPEN_DENTAL_API_URL);
    expect(screen.getByRole('switch', { name: 'Sync completed procedures' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Take stock when a procedure is completed' })).not.toBeChecked();
    const status = screen.getByRole('region', { name: 'Sync status' });
    expect(status).toHaveTextContent('Last run:');
    expect(status).toHaveTextContent(SAVED.last_error!);
  });

  it("tests the form's address with the saved keys, and a clinic from the answer fills the clinic number", async () => {
    const calls = renderCard(SAVED, { test: { ok: true, clinics: [{ clinic_num: 3, name: 'Downtown' }] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    await userEvent.click(await screen.findByRole('button', { name: '3 · Downtown' }));
    expect(screen.getByLabelText('Clinic number (optional)')).toHaveValue('3');
    // The keys were left empty: the server uses the saved ones.
    expect(calls.find((c) => c.path === '/api/pms/connection/test')!.body).toEqual({ base_url: OPEN_DENTAL_API_URL });
  });

  it("shows Open Dental's refusal when the test fails", async () => {
    renderCard(SAVED, { test: { ok: false, message: 'Open Dental could not be reached: the connection was refused' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Open Dental could not be reached: the connection was refused')).toBeInTheDocument();
  });

  it('saves the keys typed (and only those), then empties the fields', async () => {
    const calls = renderCard({ ...SAVED, has_keys: false, enabled: false, last_error: null });
    await userEvent.type(await screen.findByLabelText('Developer key'), 'dev-123');
    await userEvent.type(screen.getByLabelText('Customer key'), 'cust-456');
    await userEvent.click(screen.getByRole('switch', { name: 'Sync completed procedures' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PMS_MESSAGES.connectionSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      base_url: OPEN_DENTAL_API_URL,
      clinic_num: null,
      developer_key: 'dev-123',
      customer_key: 'cust-456',
      enabled: true,
      take_stock_on_complete: false,
      use_patient_number: false,
      recheck_days: 7,
    });
    expect(screen.getByLabelText('Developer key')).toHaveValue('');
  });

  it('Sync now waits for the run, saying so, then shows how it went', async () => {
    let answer: (response: Response) => void = () => undefined;
    const ran: PmsConnection = { ...SAVED, last_run_at: '2026-11-20T16:30:00.000Z', last_success_at: '2026-11-20T16:30:00.000Z', last_error: null };
    const calls = renderCard(SAVED, { sync: new Promise((resolve) => { answer = resolve; }) });
    const button = await screen.findByRole('button', { name: 'Sync now' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Reading what changed in Open Dental');
    expect(calls.filter((c) => c.path === '/api/pms/connection/sync').map((c) => c.method)).toEqual(['POST']);

    answer(jsonResponse(ran));
    expect(await screen.findByText(PMS_MESSAGES.synced)).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Sync status' });
    expect(status).toHaveTextContent(`Last success: ${formatDateTime(ran.last_success_at)}`);
    expect(status).not.toHaveTextContent(SAVED.last_error!);
    expect(within(status).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it("Sync now with the sync off shows the server's word", async () => {
    renderCard({ ...SAVED, enabled: false, last_error: null }, { sync: Promise.resolve(jsonResponse({ statusCode: 400, code: 'BAD_REQUEST', message: PMS_MESSAGES.syncOff }, 400)) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText(PMS_MESSAGES.syncOff)).toBeInTheDocument();
  });

  it('refuses a plain http address before anything is sent, and shows the server’s word under its field', async () => {
    const calls = renderCard(SAVED, { save: jsonResponse({ statusCode: 400, code: 'BAD_REQUEST', message: PMS_MESSAGES.secretKeyMissing, errors: [{ field: 'developer_key', message: PMS_MESSAGES.secretKeyMissing }] }, 400) });
    const address = await screen.findByLabelText('Open Dental address');
    await userEvent.clear(address);
    await userEvent.type(address, 'http://od.example.com/api/v1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PMS_MESSAGES.httpsOnly)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await userEvent.clear(address);
    await userEvent.type(address, OPEN_DENTAL_API_URL);
    await userEvent.type(screen.getByLabelText('Developer key'), 'dev-123');
    await userEvent.type(screen.getByLabelText('Customer key'), 'cust-456');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PMS_MESSAGES.secretKeyMissing)).toBeInTheDocument();
  });

  it("chooses Open Dental's patient number for patients without a chart number, and how many days back recorded procedures are read again", async () => {
    const calls = renderCard({ ...SAVED, last_error: null });
    const use = await screen.findByRole('switch', { name: "Use Open Dental's patient number for a patient without a chart number" });
    expect(use).not.toBeChecked();
    expect(screen.getByText('Off: their procedures wait at the chair until someone picks the patient.')).toBeInTheDocument();
    await userEvent.click(use);
    expect(screen.getByText('Such a patient is filed as "Open Dental patient 9002", never under one of your chart numbers.')).toBeInTheDocument();
    const days = screen.getByLabelText('Check recorded procedures again for (days)');
    expect(days).toHaveValue('7');
    await userEvent.clear(days);
    await userEvent.type(days, '45');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PMS_MESSAGES.recheckDays)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PMS_MESSAGES.connectionSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ use_patient_number: true, recheck_days: 14 });
  });
});
