import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Category, Product } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const CATEGORY: Category = {
  id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  name: 'Gloves',
  description: '',
  image_url: null,
  company_id: IDS.company,
  product_count: 2,
  created_at: '2026-01-05T10:00:00.000Z',
};

function product(overrides: Partial<Product>): Product {
  return {
    id: '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e5f',
    name: 'Nitrile Gloves M',
    description: '',
    brand: 'Medline',
    barcode: '',
    manufacturer_code: '',
    type: 'disposable',
    container: 'box',
    basic_unit: 'item',
    weight_or_volume: null,
    minimum_stock: 0,
    category_id: CATEGORY.id,
    category: { id: CATEGORY.id, name: CATEGORY.name },
    supplier: null,
    expires_at: null,
    product_image_url: null,
    box_image_url: null,
    is_approved: true,
    is_editable: true,
    is_usage_tracking_on: false,
    implantable: false,
    manufacturer_name: '',
    manufacturer_address: '',
    company_id: IDS.company,
    submitted_by: { location: 'Downtown', organization: 'Bright Smile Dental Group' },
    created_at: '2026-01-05T10:00:00.000Z',
    deleted_at: null,
    ...overrides,
  };
}

const APPROVED = product({});
const PENDING = product({ id: '8d7e6f5a-4b3c-4d2e-9f0a-1b2c3d4e5f6a', name: 'Latex Gloves S', brand: '', type: 'consumable', is_approved: false });

function signIn(products: Product[]) {
  setToken(fakeToken('company_member'));
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/profile') return Promise.resolve(jsonResponse(profileFor('company_member')));
    if (url.pathname === `/api/category/${CATEGORY.id}`) return Promise.resolve(jsonResponse(CATEGORY));
    if (url.pathname === '/api/product/v2') {
      return Promise.resolve(jsonResponse({ results: products, currentPage: 1, lastPage: 1, total: products.length }));
    }
    return Promise.resolve(jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('category products page', () => {
  it("names the category and lists its products 10 a page, each linking to the product, with its approval", async () => {
    const fetchMock = signIn([APPROVED, PENDING]);
    renderApp(`/categories/${CATEGORY.id}/products`);

    expect(await screen.findByRole('heading', { name: 'Gloves', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to categories' })).toHaveAttribute('href', '/categories');
    const table = screen.getByRole('table', { name: 'Products' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Nitrile Gloves M' })).toHaveAttribute('href', `/products/${APPROVED.id}`);
    expect(rows[1]).toHaveTextContent('Medline');
    expect(rows[1]).toHaveTextContent('Disposable');
    expect(within(rows[1]!).getByText('Approved')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Consumable');
    expect(within(rows[2]!).getByText('Pending Approval')).toBeInTheDocument();

    const productCalls = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/product/v2'));
    expect(productCalls[0]).toBe(`/api/product/v2?category_id=${CATEGORY.id}&currentPage=1&perPage=10`);
  });

  it('says when the category has no products, and searches them by name', async () => {
    const fetchMock = signIn([]);
    renderApp(`/categories/${CATEGORY.id}/products`);
    expect(await screen.findByText('No products in this category')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'nitrile');
    expect(await screen.findByText('No products match your search')).toBeInTheDocument();
    const productCalls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(productCalls).toContain(`/api/product/v2?category_id=${CATEGORY.id}&fuzzySearchQuery=nitrile&currentPage=1&perPage=10`);
  });

  it('says so when the category cannot be found', async () => {
    signIn([]);
    renderApp('/categories/9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f/products');
    expect(await screen.findByRole('alert')).toHaveTextContent('This category does not exist or is not in your catalog.');
    expect(screen.getByRole('link', { name: 'Back to categories' })).toBeInTheDocument();
  });
});
