import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Category, Role } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

function category(overrides: Partial<Category>): Category {
  return {
    id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
    name: 'Gloves',
    description: 'Nitrile and latex examination gloves',
    image_url: null,
    company_id: IDS.company,
    product_count: 3,
    created_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const OWN = category({});
const SHARED = category({ id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e', name: 'Anesthetics', description: '', company_id: null, product_count: 1 });

function signInAs(role: Role, { categories = [OWN, SHARED], deleteStatus = 204 }: { categories?: Category[]; deleteStatus?: number } = {}) {
  setToken(fakeToken(role));
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor(role)));
    if (init?.method === 'DELETE') return Promise.resolve(jsonResponse(undefined, deleteStatus));
    if (url.pathname === '/api/category') {
      return Promise.resolve(jsonResponse({ results: categories, currentPage: 1, lastPage: 1, total: categories.length }));
    }
    return Promise.resolve(jsonResponse({ results: [], currentPage: 1, lastPage: 1, total: 0 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function listCalls(fetchMock: ReturnType<typeof signInAs>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/category'));
}

describe('categories page', () => {
  it('shows categories as cards 24 a page, each opening its products, shared ones marked and read-only', async () => {
    const fetchMock = signInAs('company_member');
    renderApp('/categories');

    const list = await screen.findByRole('list', { name: 'Categories' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Gloves' })).toHaveAttribute('href', `/categories/${OWN.id}/products`);
    expect(within(list).getByRole('link', { name: 'Gloves' })).toHaveAccessibleDescription(/Nitrile and latex examination gloves.*3 products/);
    expect(within(cards[1]!).getByText('1 product')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Shared')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Shared')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Anesthetics' })).not.toBeInTheDocument();
    expect(listCalls(fetchMock)[0]).toBe('/api/category?currentPage=1&perPage=24');

    // A member may add and edit but not delete.
    expect(screen.getByRole('button', { name: 'Add Category' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Gloves' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit Category' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Gloves');
  });

  it('lists Categories first under Inventory in the sidebar', async () => {
    signInAs('company_member');
    renderApp('/categories');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    // Home, then the Inventory group, which opens with Categories.
    expect(links.slice(0, 3)).toEqual(['Home', 'Categories', 'Products']);
    expect(within(nav).getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides Add Category and card actions from an assistant', async () => {
    signInAs('assistant');
    renderApp('/categories');
    await screen.findByRole('link', { name: 'Gloves' });
    expect(screen.queryByRole('button', { name: 'Add Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('says when there are no categories yet, and when a search finds none', async () => {
    const fetchMock = signInAs('company_member', { categories: [] });
    renderApp('/categories');
    expect(await screen.findByText('No categories yet')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search categories' }), 'syringes');
    expect(await screen.findByText('No categories match your search')).toBeInTheDocument();
    expect(listCalls(fetchMock)).toContain('/api/category?search=syringes&currentPage=1&perPage=24');
  });

  it('asks before deleting, with the spec wording, and confirms', async () => {
    const fetchMock = signInAs('company_admin');
    renderApp('/categories');

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Gloves' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete category' });
    expect(dialog).toHaveTextContent('Gloves');
    expect(dialog).toHaveTextContent('Products in this category move to Default. Are you sure you want to delete this category?');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category Deleted!')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url) === `/api/category/${OWN.id}`)).toBe(true);
    await waitFor(() => { expect(screen.queryByRole('dialog', { name: 'Delete category' })).not.toBeInTheDocument(); });
  });

  it('says the delete failed with the spec wording', async () => {
    signInAs('company_admin', { deleteStatus: 500 });
    renderApp('/categories');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Gloves' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete category' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete category')).toBeInTheDocument();
  });
});
