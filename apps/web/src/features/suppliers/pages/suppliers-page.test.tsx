import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Role, Supplier } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

function supplier(overrides: Partial<Supplier>): Supplier {
  return {
    id: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
    name: 'Henry Dental Supply',
    email: 'orders@henry.test',
    phone: '+1 555 0123',
    tax_id: 'TX-1234',
    address: '',
    contact_email: 'sam@henry.test',
    contact_phone: '+1 555 0124',
    company_id: IDS.company,
    distributor: false,
    created_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const OWN = supplier({});
const SHARED = supplier({ id: '4e3d2c1b-0a9f-4e8d-9c7b-6a5f4e3d2c1b', name: 'Global Medical', company_id: null });

function signInAs(role: Role, deleteStatus = 204) {
  setToken(fakeToken(role));
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor(role)));
    if (url.pathname === '/api/supplier') {
      return Promise.resolve(jsonResponse({ results: [OWN, SHARED], currentPage: 1, lastPage: 1, total: 2 }));
    }
    if (init?.method === 'DELETE') return Promise.resolve(jsonResponse(undefined, deleteStatus));
    return Promise.resolve(jsonResponse({ results: [], currentPage: 1, lastPage: 1, total: 0 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('suppliers page', () => {
  it('lists suppliers 10 per page, marks shared ones and offers only the location’s price list on them', async () => {
    const fetchMock = signInAs('company_member');
    renderApp('/suppliers');

    const table = await screen.findByRole('table', { name: 'Suppliers' });
    await within(table).findByText('Global Medical');
    expect(within(table).getByText('Shared')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Global Medical' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Price list']);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('link', { name: 'Suppliers' })).toHaveAttribute('href', '/suppliers');
    expect(screen.getByRole('button', { name: 'Add Supplier' })).toBeInTheDocument();

    // A member may edit but not delete.
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Henry Dental Supply' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();

    const listCall = fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.startsWith('/api/supplier'));
    expect(listCall).toBe('/api/supplier?currentPage=1&perPage=10');
  });

  it('hides Add Supplier and row actions from an assistant', async () => {
    signInAs('assistant');
    renderApp('/suppliers');
    await screen.findByText('Henry Dental Supply');
    expect(screen.queryByRole('button', { name: 'Add Supplier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('asks before deleting and confirms with the spec wording', async () => {
    const fetchMock = signInAs('company_admin');
    renderApp('/suppliers');

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Henry Dental Supply' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete supplier' });
    expect(dialog).toHaveTextContent('Delete Henry Dental Supply?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted supplier')).toBeInTheDocument();
    await waitFor(() => { expect(screen.queryByRole('dialog', { name: 'Delete supplier' })).not.toBeInTheDocument(); });
  });

  it('says the delete failed with the spec wording', async () => {
    signInAs('company_admin', 500);
    renderApp('/suppliers');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Henry Dental Supply' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete supplier' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete supplier!')).toBeInTheDocument();
  });
});
