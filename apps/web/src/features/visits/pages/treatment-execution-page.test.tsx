import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WaitingVisit } from '@clinic/domain';
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
    let answerWaiting: (response: Response) => void = () => undefined;
    setToken(fakeToken('company_admin'));
    stubApi(profileFor('company_admin'), { '/api/pms/waiting': () => new Promise<Response>((resolve) => { answerWaiting = resolve; }) });
    renderApp('/treatment-execution');

    expect(await screen.findByRole('heading', { name: 'Execute treatment' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Patient chart number/ })).not.toBeInTheDocument();

    answerWaiting(jsonResponse({ visits: [WAITING] }));
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
});
