import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, jsonResponse, productListItem, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// Issue 35: the inventory list says how long each product lasts, and puts the shortest first on request.
describe('days of cover on the inventory page', () => {
  it('shows them under the name, and asks the server for the fewest days first', async () => {
    setToken(fakeToken('company_member'));
    const asked: URL[] = [];
    stubApi(profileFor('company_member'), {
      '/api/places': () => jsonResponse({ places: [] }),
      '/api/product/v2': (url) => {
        asked.push(url);
        const results = [productListItem({ name: 'Bite Wings', days_of_cover: 2.5 }), productListItem({ id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f', name: 'Cotton Rolls #2' })];
        return jsonResponse({ results, currentPage: 1, lastPage: 1, total: 2, totalIsCapped: false });
      },
    });
    renderApp('/inventory');
    const list = await screen.findByRole('list', { name: 'Products' }, { timeout: 15_000 });
    expect(await within(list).findByText('2.5 days of cover')).toBeInTheDocument();
    // Without a forecast nothing is said.
    expect(within(list).getAllByText(/of cover/)).toHaveLength(1);

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fewest days of cover' }));
    await expect.poll(() => asked.at(-1)?.searchParams.get('sort')).toBe('days_of_cover');
    expect(asked.at(-1)?.searchParams.get('order')).toBe('asc');
    expect(asked.slice(0, -1).every((url) => !url.searchParams.has('sort'))).toBe(true);
  });
});
