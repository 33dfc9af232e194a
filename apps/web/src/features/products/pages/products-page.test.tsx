import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductListItem, Role } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, productListItem, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// Issue 35: days of cover in the product list, sortable by its header.
const PLENTY = productListItem({ id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Articaine 4%', days_of_cover: 12.5 });
const SHORT = productListItem({ id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', name: 'Bite Wings', days_of_cover: 2 });
const UNKNOWN = productListItem({ id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f', name: 'Cotton Rolls #2', days_of_cover: null });

/** The list as the server orders it: by name, or by cover (nulls last both ways) when asked. */
function listed(url: URL): ProductListItem[] {
  const byName = [PLENTY, SHORT, UNKNOWN];
  if (url.searchParams.get('sort') !== 'days_of_cover') return byName;
  return url.searchParams.get('order') === 'desc' ? [PLENTY, SHORT, UNKNOWN] : [SHORT, PLENTY, UNKNOWN];
}

function signIn(role: Role) {
  setToken(fakeToken(role));
  const asked: URL[] = [];
  stubApi(profileFor(role), {
    '/api/product/v2': (url) => {
      asked.push(url);
      const results = listed(url);
      return jsonResponse({ results, currentPage: 1, lastPage: 1, total: results.length, totalIsCapped: false });
    },
  });
  /** The order of the list's requests: sort and order, or "name" without a sort. */
  const orders = () => asked.map((url) => (url.searchParams.get('sort') ? `${url.searchParams.get('sort')}:${url.searchParams.get('order')}` : 'name'));
  return { orders };
}

const table = async () => screen.findByRole('table', { name: 'Products' }, { timeout: 15_000 });
const names = (products: HTMLElement) => within(products).getAllByRole('link').map((link) => link.textContent);
const coverOf = (products: HTMLElement, name: string) => {
  const row = within(products).getByRole('link', { name }).closest('tr')!;
  const index = within(products).getAllByRole('columnheader').findIndex((header) => header.textContent === 'Days of cover');
  return row.querySelectorAll('td')[index]!;
};

describe('days of cover in the product list', () => {
  it('shows each product\'s days of cover, and a dash that says "No forecast yet" without one', async () => {
    signIn('company_member');
    renderApp('/products');
    const products = await table();
    await within(products).findByRole('link', { name: 'Articaine 4%' });
    expect(coverOf(products, 'Articaine 4%')).toHaveTextContent('12.5 days');
    expect(coverOf(products, 'Bite Wings')).toHaveTextContent('2 days');
    const dash = coverOf(products, 'Cotton Rolls #2');
    expect(dash).toHaveTextContent('—');
    expect(within(dash).getByText('No forecast yet')).toBeInTheDocument();
  });

  it('sorts by days of cover from its header: fewest first, then most, then the name order again', async () => {
    const { orders } = signIn('company_member');
    renderApp('/products');
    const products = await table();
    await within(products).findByRole('link', { name: 'Articaine 4%' });
    const header = within(products).getByRole('columnheader', { name: 'Days of cover' });
    expect(header).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header).getByRole('button', { name: 'Days of cover' }));
    await within(products).findByRole('link', { name: 'Bite Wings' });
    expect(await screen.findByRole('columnheader', { name: 'Days of cover' })).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => names(products)).toEqual(['Bite Wings', 'Articaine 4%', 'Cotton Rolls #2']);

    await userEvent.click(within(products).getByRole('button', { name: 'Days of cover' }));
    expect(within(products).getByRole('columnheader', { name: 'Days of cover' })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => names(products)).toEqual(['Articaine 4%', 'Bite Wings', 'Cotton Rolls #2']);

    await userEvent.click(within(products).getByRole('button', { name: 'Days of cover' }));
    expect(within(products).getByRole('columnheader', { name: 'Days of cover' })).not.toHaveAttribute('aria-sort');
    // Each order asked once, then the name order again (answered from the cache it was first read into).
    expect(orders().filter((order) => order !== 'name')).toEqual(['days_of_cover:asc', 'days_of_cover:desc']);
    await expect.poll(() => names(products)).toEqual(['Articaine 4%', 'Bite Wings', 'Cotton Rolls #2']);
  });

  it('has no Days of cover column for the product admin, who keeps no stock', async () => {
    signIn('admin');
    renderApp('/products');
    const products = await table();
    await within(products).findByRole('link', { name: 'Articaine 4%' });
    expect(within(products).queryByRole('columnheader', { name: 'Days of cover' })).not.toBeInTheDocument();
  });
});

describe('pages fetched ahead of the reader (spec section 9)', () => {
  it('asks for the next two pages once the first is on screen, and shows the next from them', async () => {
    setToken(fakeToken('company_member'));
    const asked: string[] = [];
    let firstShown = false;
    const askedBeforeFirstShown: string[] = [];
    stubApi(profileFor('company_member'), {
      '/api/product/v2': (url) => {
        const page = Number(url.searchParams.get('currentPage'));
        asked.push(String(page));
        if (!firstShown) askedBeforeFirstShown.push(String(page));
        const results = [productListItem({ id: `0000000${String(page)}-5e6f-4a7b-8c9d-0e1f2a3b4c5d`, name: `Product of page ${String(page)}` })];
        return jsonResponse({ results, currentPage: page, lastPage: 5, total: 50, totalIsCapped: false });
      },
    });
    renderApp('/products');
    const products = await table();
    await within(products).findByRole('link', { name: 'Product of page 1' });
    firstShown = true;
    await expect.poll(() => [...asked].sort()).toEqual(['1', '2', '3']);
    // The first page's request went alone: its neighbours wait until it has been drawn.
    expect(askedBeforeFirstShown).toEqual(['1']);

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await within(products).findByRole('link', { name: 'Product of page 2' });
    await expect.poll(() => [...asked].sort()).toEqual(['1', '2', '3', '4']);
    expect(asked.filter((page) => page === '2')).toHaveLength(1);
  });
});
