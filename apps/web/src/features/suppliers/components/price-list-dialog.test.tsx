import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES, PRODUCT_MESSAGES, type CreateProductRequest, type PriceListItem, type PriceListSummary, type PermissionMap, type Product, type Supplier, ROLE_PERMISSIONS } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { formatDate } from '../../../lib/format';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, IDS, jsonResponse, profileFor } from '../../../test/fixtures';
import { LIDOCAINE } from '../../../test/marketplace-fixtures';
import { renderApp } from '../../../test/render-app';

const SUPPLIER: Supplier = {
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
};

const MATCHED: PriceListItem = {
  id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  vendor_sku: 'HEN-LIDO',
  description: 'Lidocaine 2% box of 50',
  barcode: '00312345678906',
  manufacturer_code: '',
  pack_size: 50,
  price: 1234.5,
  in_stock: true,
  product: { ...LIDOCAINE, type: 'consumable' },
};
const UNMATCHED: PriceListItem = { ...MATCHED, id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e', vendor_sku: 'HEN-BIB', description: 'Patient bibs', barcode: '', product: null, in_stock: false };

const SUMMARY: PriceListSummary = { supplier_id: SUPPLIER.id, items: 2, matched: 1, unmatched: 1, file_name: 'henry.csv', uploaded_at: '2026-03-05T15:30:00.000Z' };
const NONE: PriceListSummary = { ...SUMMARY, items: 0, matched: 0, unmatched: 0, file_name: null, uploaded_at: null };

const PRICE_LIST = `/api/supplier/${SUPPLIER.id}/price-list`;

/** A supplier without a price list until one is uploaded; the list answers its matched filter. */
function signIn() {
  setToken(fakeToken('company_member'));
  let uploaded = false;
  const forms: FormData[] = [];
  const fetchMock = stubApi(profileFor('company_member'), {
    '/api/supplier': () => jsonResponse({ results: [SUPPLIER], currentPage: 1, lastPage: 1, total: 1 }),
    [PRICE_LIST]: (url, init) => {
      if (init?.method === 'POST') {
        forms.push(init.body as FormData);
        uploaded = true;
        return jsonResponse(SUMMARY, 201);
      }
      if (init?.method === 'DELETE') {
        uploaded = false;
        return jsonResponse(undefined, 204);
      }
      const matched = url.searchParams.get('matched');
      const items = !uploaded ? [] : [MATCHED, UNMATCHED].filter((item) => matched === null || (item.product !== null) === (matched === 'true'));
      return jsonResponse({ results: items, currentPage: 1, lastPage: 1, total: items.length, summary: uploaded ? SUMMARY : NONE });
    },
  });
  return { fetchMock, forms };
}

async function openPriceList() {
  renderApp('/suppliers');
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for Henry Dental Supply' }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Price list' }));
  return screen.findByRole('dialog', { name: 'Price list of Henry Dental Supply' });
}

describe('supplier price list', () => {
  it('uploads a file as multipart, then shows the summary and filters the unmatched items', async () => {
    const { fetchMock, forms } = signIn();
    const dialog = await openPriceList();
    expect(await within(dialog).findByText(/No price list yet/)).toBeInTheDocument();

    const file = new File(['Vendor SKU,Description,Pack size,Price\nHEN-LIDO,Lidocaine,50,1234.50\n'], 'henry.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByLabelText('Price list file'), file);
    expect(await screen.findByText(MARKETPLACE_MESSAGES.priceListUploaded(2))).toBeInTheDocument();
    expect(forms).toHaveLength(1);
    expect(forms[0]!.get('file')).toBeInstanceOf(File);
    expect((forms[0]!.get('file') as File).name).toBe('henry.csv');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(new Headers(post[1]?.headers).get('Content-Type')).toBeNull();

    expect(await within(dialog).findByLabelText('Price list summary')).toHaveTextContent(`Items2Matched1Unmatched1Uploaded${formatDate(SUMMARY.uploaded_at)} (henry.csv)`);
    const table = await within(dialog).findByRole('table', { name: 'Price list items of Henry Dental Supply' });
    const lidocaine = (await within(table).findByText('HEN-LIDO')).closest('tr')!;
    expect(lidocaine).toHaveTextContent('$1,234.50');
    expect(lidocaine).toHaveTextContent('Lidocaine 2% cartridges');
    expect(within(within(table).getByText('HEN-BIB').closest('tr')!).getByText('Unmatched')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Unmatched' }));
    await waitFor(() => { expect(within(table).queryByText('Lidocaine 2% box of 50')).not.toBeInTheDocument(); });
    expect(within(table).getByText('Patient bibs')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(PRICE_LIST));
    expect(calls.at(-1)).toBe(`${PRICE_LIST}?matched=false&currentPage=1&perPage=10`);
  });

  it('refuses a file that is not .csv or .xlsx without sending it', async () => {
    const { fetchMock } = signIn();
    const dialog = await openPriceList();
    await within(dialog).findByText(/No price list yet/);
    await userEvent.upload(within(dialog).getByLabelText('Price list file'), new File(['%PDF'], 'prices.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await within(dialog).findByText('Choose a .csv or .xlsx file')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('lists the rows the server refused a file for', async () => {
    signIn();
    const dialog = await openPriceList();
    const fetchMock = stubApi(profileFor('company_member'), {
      [PRICE_LIST]: (_url, init) =>
        init?.method === 'POST'
          ? jsonResponse({ statusCode: 400, code: 'VALIDATION_ERROR', message: 'The price list has errors', errors: [{ field: 'row 3: price', message: 'Enter a price like 12.50' }] }, 400)
          : jsonResponse({ results: [], currentPage: 1, lastPage: 1, total: 0, summary: NONE }),
    });
    await userEvent.upload(within(dialog).getByLabelText('Price list file'), new File(['x'], 'henry.csv', { type: 'text/csv' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The price list has errors');
    expect(alert).toHaveTextContent('row 3: price: Enter a price like 12.50');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('removes the price list after a confirmation', async () => {
    const { fetchMock } = signIn();
    const dialog = await openPriceList();
    await userEvent.upload(within(dialog).getByLabelText('Price list file'), new File(['x'], 'henry.xlsx'));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove price list' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove price list' });
    expect(confirm).toHaveTextContent('Remove the price list of Henry Dental Supply? Its 2 items are no longer offered');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MARKETPLACE_MESSAGES.priceListRemoved)).toBeInTheDocument();
    expect(await within(dialog).findByText(/No price list yet/)).toBeInTheDocument();
  });
});

const BIBS = { id: '7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e5f', name: 'Disposable patient bibs', brand: 'Crosstex' };
const GLOVES = { id: '8d7e6f5a-4b3c-4d2e-9f0a-1b2c3d4e5f6a', name: 'Nitrile gloves M', brand: 'Medline' };
const BIB_ITEM: PriceListItem = { ...UNMATCHED, barcode: '0761234500017', manufacturer_code: 'PB-13' };

/** The product a location proposes: pending until the product admin approves it. */
function proposed(body: CreateProductRequest): Product {
  return {
    id: '9e8f7a6b-5c4d-4e3f-8a1b-2c3d4e5f6a7b',
    description: '',
    brand: '',
    weight_or_volume: null,
    minimum_stock: 0,
    category_id: null,
    category: null,
    supplier: null,
    expires_at: null,
    product_image_url: null,
    box_image_url: null,
    is_approved: false,
    is_editable: true,
    is_usage_tracking_on: false,
    company_id: IDS.company,
    submitted_by: { location: 'Downtown', organization: 'Smile Dental' },
    created_at: '2026-03-06T10:00:00.000Z',
    deleted_at: null,
    ...body,
    name: body.name,
    barcode: body.barcode ?? '',
    manufacturer_code: body.manufacturer_code ?? '',
    implantable: body.implantable ?? false,
    manufacturer_name: body.manufacturer_name ?? '',
    manufacturer_address: body.manufacturer_address ?? '',
  };
}

/**
 * A price list already uploaded, with one matched and one unmatched item; PATCH on an item sets
 * its product (by id from the catalog search, or the product just proposed). The catalog search
 * answers "bib" with the bibs, anything else with the gloves.
 */
function signInWithList(permissions: PermissionMap = ROLE_PERMISSIONS.company_member) {
  setToken(fakeToken('company_member'));
  let items: PriceListItem[] = [MATCHED, BIB_ITEM];
  const patches: { itemId: string; body: unknown }[] = [];
  const created: CreateProductRequest[] = [];
  const catalog = [BIBS, GLOVES];
  const fetchMock = stubApi(profileFor('company_member', { permissions }), {
    '/api/supplier': () => jsonResponse({ results: [SUPPLIER], currentPage: 1, lastPage: 1, total: 1 }),
    [PRICE_LIST]: () => jsonResponse({ results: items, currentPage: 1, lastPage: 1, total: items.length, summary: SUMMARY }),
    [`${PRICE_LIST}/items/${MATCHED.id}`]: (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { product_id: string | null };
      patches.push({ itemId: MATCHED.id, body });
      items = items.map((item) => (item.id === MATCHED.id ? { ...item, product: null } : item));
      return jsonResponse(items[0]);
    },
    [`${PRICE_LIST}/items/${BIB_ITEM.id}`]: (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { product_id: string };
      patches.push({ itemId: BIB_ITEM.id, body });
      const product = [...catalog, ...created.map(proposed)].find((p) => p.id === body.product_id);
      if (!product) return jsonResponse({ statusCode: 400, code: 'BAD_REQUEST', message: 'Product not found', errors: [{ field: 'product_id', message: 'Product not found' }] }, 400);
      items = items.map((item) => (item.id === BIB_ITEM.id ? { ...item, product: { id: product.id, name: product.name, type: 'disposable' } } : item));
      return jsonResponse(items[1]);
    },
    '/api/product/v2': (url) => {
      const term = url.searchParams.get('fuzzySearchQuery') ?? '';
      return jsonResponse({ results: term.includes('bib') ? [BIBS] : [GLOVES], currentPage: 1, lastPage: 1, total: 1 });
    },
    '/api/product': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as CreateProductRequest;
      created.push(body);
      return jsonResponse(proposed(body), 201);
    },
  });
  return { fetchMock, patches, created };
}

async function itemAction(dialog: HTMLElement, item: PriceListItem, action: string) {
  const table = await within(dialog).findByRole('table', { name: 'Price list items of Henry Dental Supply' });
  await userEvent.click(await within(table).findByRole('button', { name: `Actions for ${item.description} (${item.vendor_sku})` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('matching price list items by hand', () => {
  it('matches an unmatched item to the product picked in the catalog search, never to one left from an earlier search', async () => {
    const { fetchMock, patches } = signInWithList();
    const dialog = await openPriceList();
    await itemAction(dialog, BIB_ITEM, 'Match to a product');
    const match = await screen.findByRole('dialog', { name: 'Match to a product' });
    expect(match).toHaveTextContent('Patient bibs');
    expect(match).toHaveTextContent('SKU HEN-BIB · barcode 0761234500017 · manufacturer code PB-13');
    expect(within(match).getByRole('button', { name: 'Match' })).toBeDisabled();

    const picker = within(match).getByRole('combobox', { name: 'Catalog product' });
    await userEvent.click(picker);
    expect(await screen.findByRole('option', { name: /Nitrile gloves M/ })).toBeInTheDocument();
    await userEvent.type(picker, 'bib');
    // Until the catalog answers "bib", the gloves of the empty search are not offered.
    expect(screen.queryByRole('option', { name: /Nitrile gloves M/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: /Disposable patient bibs/ }));
    const listCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).startsWith(`${PRICE_LIST}?`)).length;
    const before = listCalls();
    await userEvent.click(within(match).getByRole('button', { name: 'Match' }));

    expect(await screen.findByText(MARKETPLACE_MESSAGES.itemMatched)).toBeInTheDocument();
    expect(patches).toEqual([{ itemId: BIB_ITEM.id, body: { product_id: BIBS.id } }]);
    const patch = fetchMock.mock.calls.find(([input]) => String(input) === `${PRICE_LIST}/items/${BIB_ITEM.id}`)!;
    expect(patch[1]?.method).toBe('PATCH');
    await waitFor(() => { expect(screen.queryByRole('dialog', { name: 'Match to a product' })).not.toBeInTheDocument(); });
    // The list is asked again and shows the match.
    await waitFor(() => { expect(listCalls()).toBeGreaterThan(before); });
    const table = within(dialog).getByRole('table', { name: 'Price list items of Henry Dental Supply' });
    expect(await within(table).findByText('Disposable patient bibs')).toBeInTheDocument();
  });

  it('proposes an unmatched item as a new product, started from the item, and matches the item to it', async () => {
    const { patches, created } = signInWithList();
    const dialog = await openPriceList();
    await itemAction(dialog, BIB_ITEM, 'Propose as new product');
    const form = await screen.findByRole('dialog', { name: 'Add Product' });
    expect(form).toHaveTextContent(/waits for the product admin’s approval/);
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Patient bibs');
    expect(within(form).getByRole('textbox', { name: 'Barcode' })).toHaveValue('0761234500017');
    expect(within(form).getByRole('textbox', { name: 'Manufacture Code' })).toHaveValue('PB-13');
    for (const [field, value] of [['Type', 'Disposable'], ['Container', 'Box'], ['Basic Unit', 'Item']] as const) {
      await userEvent.click(within(form).getByRole('combobox', { name: field }));
      await userEvent.click(await screen.findByRole('option', { name: value }));
    }
    await userEvent.click(within(form).getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText(MARKETPLACE_MESSAGES.itemMatched)).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ name: 'Patient bibs', barcode: '0761234500017', manufacturer_code: 'PB-13', type: 'disposable', container: 'box', basic_unit: 'item' })]);
    expect(patches).toEqual([{ itemId: BIB_ITEM.id, body: { product_id: '9e8f7a6b-5c4d-4e3f-8a1b-2c3d4e5f6a7b' } }]);
    expect(screen.queryByText(PRODUCT_MESSAGES.created)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Product' })).not.toBeInTheDocument();
  });

  it('unmatches a matched item after a confirmation', async () => {
    const { patches } = signInWithList();
    const dialog = await openPriceList();
    await itemAction(dialog, MATCHED, 'Unmatch');
    const confirm = await screen.findByRole('dialog', { name: 'Unmatch item' });
    expect(confirm).toHaveTextContent('Unmatch Lidocaine 2% box of 50 from Lidocaine 2% cartridges?');
    expect(patches).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unmatch' }));
    expect(await screen.findByText('Item unmatched')).toBeInTheDocument();
    expect(patches).toEqual([{ itemId: MATCHED.id, body: { product_id: null } }]);
  });

  it('proposes new products only for those who may add products, and matches only for those who manage the list', async () => {
    signInWithList({ ...ROLE_PERMISSIONS.company_member, products: ['read'] });
    const view = await openPriceList();
    await userEvent.click(await within(view).findByRole('button', { name: `Actions for ${BIB_ITEM.description} (${BIB_ITEM.vendor_sku})` }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Match to a product']);
    cleanup();

    signInWithList({ ...ROLE_PERMISSIONS.company_member, suppliers: ['read'] });
    const dialog = await openPriceList();
    const table = await within(dialog).findByRole('table', { name: 'Price list items of Henry Dental Supply' });
    expect(await within(table).findByText('HEN-BIB')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});

