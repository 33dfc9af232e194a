import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditRow, Role } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const NINA = { id: '5b1d7c1e-9a4f-4c3e-8f1a-2b3c4d5e6f70', name: 'Nina Nurse', email: 'nina@clinic.example' };

const ROWS: AuditRow[] = [
  {
    id: 2,
    created_at: '2026-03-04T15:30:00.000Z',
    user: NINA,
    entity: 'patient',
    entity_id: '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f',
    action: 'read',
    location: { id: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6', name: 'North' },
    organization_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
    summary: '',
  },
  {
    id: 1,
    created_at: '2026-03-02T10:00:00.000Z',
    user: NINA,
    entity: 'treatment_log',
    entity_id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    action: 'update_case_notes',
    location: { id: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6', name: 'North' },
    organization_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
    summary: 'caseNotes: Tolerated well.',
  },
];

function signIn(role: Role) {
  setToken(fakeToken(role));
  const fetchMock = stubApi(profileFor(role), {
    '/api/audit': (url) => {
      const entity = url.searchParams.get('entity');
      const results = ROWS.filter((r) => !entity || r.entity === entity);
      return jsonResponse({ results, currentPage: 1, lastPage: 1, total: results.length });
    },
    '/api/audit/export': () => new Response('time,user\r\n2026-03-04T15:30:00.000Z,Nina Nurse\r\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-2026-03-05.csv"' } }),
    '/api/user': () => jsonResponse({ results: [{ id: NINA.id, first_name: 'Nina', last_name: 'Nurse', email: NINA.email }], currentPage: 1, lastPage: 1, total: 1 }),
  });
  const auditCalls = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname.startsWith('/api/audit'));
  return { auditCalls };
}

describe('audit page', () => {
  it('lists who did what, filters by user, kind and dates, and exports the same filters as CSV', async () => {
    const { auditCalls } = signIn('organization_admin');
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:audit';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/audit');

    expect(await screen.findByRole('heading', { name: 'Audit trail', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const read = await within(table).findByRole('row', { name: /Patient/ });
    expect(read).toHaveTextContent('03-04-2026');
    expect(read).toHaveTextContent('Nina Nurse');
    expect(read).toHaveTextContent('North');
    expect(within(table).getByRole('row', { name: /Visit/ })).toHaveTextContent('update case notes');
    expect(within(table).getByRole('row', { name: /Visit/ })).toHaveTextContent('caseNotes: Tolerated well.');
    // This month by default.
    const first = auditCalls()[0]!;
    expect(first.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-01$/);

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Patient' }));
    await waitFor(() => { expect(within(table).queryByRole('row', { name: /Visit/ })).not.toBeInTheDocument(); });
    expect(auditCalls().at(-1)!.searchParams.get('entity')).toBe('patient');

    await userEvent.click(screen.getByRole('combobox', { name: 'User' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Nina Nurse (nina@clinic.example)' }));
    await waitFor(() => { expect(auditCalls().at(-1)!.searchParams.get('user_id')).toBe(NINA.id); });

    await userEvent.click(screen.getByRole('combobox', { name: 'Date range' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() => { expect(auditCalls().at(-1)!.searchParams.get('to')).toBe('2026-03-31'); });
    expect(screen.getByText('03-01-2026 to 03-31-2026')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => { expect(saved).toHaveLength(1); });
    const exported = auditCalls().find((u) => u.pathname === '/api/audit/export')!;
    expect(Object.fromEntries(exported.searchParams)).toEqual({ entity: 'patient', user_id: NINA.id, from: '2026-03-01', to: '2026-03-31' });
    expect(await saved[0]!.text()).toContain('Nina Nurse');
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const { auditCalls } = signIn('admin');
    renderApp('/audit');
    await screen.findByRole('table', { name: 'Audit trail' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Date range' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Custom' }));
    const before = auditCalls().length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date cannot go after the end date');
    expect(auditCalls().slice(before).some((u) => u.searchParams.get('from') === '2026-06-30' && u.searchParams.get('to') === '2026-06-01')).toBe(false);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('sends a location admin home: the trail is not theirs to read', async () => {
    signIn('company_admin');
    const { router } = renderApp('/audit');
    await waitFor(() => { expect(router.state.location.pathname).not.toBe('/audit'); });
    expect(screen.queryByRole('table', { name: 'Audit trail' })).not.toBeInTheDocument();
  });
});
