import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARKETPLACE_MESSAGES, type PriceListItem, type PriceListSummary, type Supplier } from '@clinic/domain';
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
