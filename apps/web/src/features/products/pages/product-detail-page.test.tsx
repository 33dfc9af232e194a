import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES, type CycleUnitPrice, type ProductDetail, type Role } from '@clinic/domain';
import { setToken } from '../../../lib/auth-token';
import { stubApi } from '../../../test/fake-api';
import { fakeToken, IDS, jsonResponse, productReorder, profileFor } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { stubMeasuredWidth } from '../../../test/measured-width';

// The Reorder panel's chart measures its box.
beforeEach(() => { stubMeasuredWidth(600); });

const ID = '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b';

function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: ID,
    name: 'Prophy Paste Mint',
    description: '',
    brand: 'Nupro',
    barcode: '',
    manufacturer_code: 'NP-100',
    type: 'consumable',
    container: 'jar',
    basic_unit: 'gram',
    weight_or_volume: 340,
    minimum_stock: 2,
    category_id: null,
    category: null,
    supplier: null,
    expires_at: null,
    product_image_url: null,
    box_image_url: null,
    is_approved: true,
    is_editable: false,
    is_usage_tracking_on: false,
    implantable: false,
    manufacturer_name: '',
    manufacturer_address: '',
    company_id: null,
    submitted_by: null,
    created_at: '2026-01-05T10:00:00.000Z',
    deleted_at: null,
    attachments: [],
    companyStocksOverview: [],
    associatedTreatments: [],
    ...overrides,
  };
}

const ESTIMATE: CycleUnitPrice = { unit_price: 1.25, average_unit_price: 1.3, cycle: 3, last_tracker: { date: '2026-02-10T09:00:00.000Z', count: 14, unit_price: 1.25 } };
const NO_CYCLE: CycleUnitPrice = { unit_price: null, average_unit_price: null, cycle: 0, last_tracker: null };

interface FakeServer {
  estimate?: () => Response;
  /** Answers a PATCH instead of saving it (a refusing or slow server). */
  patch?: () => Promise<Response>;
}

/** A product API over one product: PATCH merges its body, GET answers the product as it stands. */
function signIn(role: Role, overrides: Partial<ProductDetail> = {}, server: FakeServer = {}) {
  setToken(fakeToken(role));
  let product = productDetail(overrides);
  const patches: unknown[] = [];
  const fetchMock = stubApi(profileFor(role), {
    [`/api/product/${ID}`]: (_url, init) => {
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Partial<ProductDetail>;
        patches.push(body);
        if (server.patch) return server.patch();
        product = { ...product, ...body };
        return jsonResponse(product);
      }
      return jsonResponse(product);
    },
    [`/api/product/${ID}/estimated-cycle-unit-price`]: () => (server.estimate ? server.estimate() : jsonResponse(ESTIMATE)),
    [`/api/product/${ID}/reorder`]: () => jsonResponse(productReorder({ product_id: ID })),
    [`/api/product/${ID}/tracking-reports`]: () => jsonResponse({ cycle_counts: [], is_cost_improving: 'consistent', is_usage_improving: 'consistent', current_treatment_cost: 0, cycle: 0 }),
    '/api/stock': () => jsonResponse({ results: [], currentPage: 1, lastPage: 1, total: 0, totals: { total_units: 0, units_left: 0, value_left: 0 } }),
  });
  const estimateCalls = () => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('estimated-cycle-unit-price'));
  return { patches, estimateCalls };
}

// The page and its sections are lazy chunks: the first render of the file compiles them.
const details = async () => screen.findByRole('region', { name: 'Product details' }, { timeout: 15_000 });
const usagePanel = () => screen.queryByRole('region', { name: 'Usage Tracking' });

describe('the consumable panel', () => {
  it('shows a location the usage-tracking switch on a consumable; switching it on shows the estimated cycle unit price', async () => {
    const { patches, estimateCalls } = signIn('company_member');
    renderApp(`/products/${ID}`);
    await details();
    const panel = await screen.findByRole('region', { name: 'Usage Tracking' });
    const toggle = within(panel).getByRole('switch', { name: 'Track usage of this product' });
    expect(toggle).not.toBeChecked();
    expect(panel).toHaveTextContent('Turn usage tracking on to see the estimated unit price of each cycle of this product.');
    expect(estimateCalls()).toEqual([]);

    // Read back at once, as a browser test does: the switch shows its new state from the click on.
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(await screen.findByText('Usage tracking is on')).toBeInTheDocument();
    expect(patches).toEqual([{ is_usage_tracking_on: true }]);

    expect(await within(panel).findByText('$1.25000')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Shelf average unit price$1.30000');
    expect(panel).toHaveTextContent('Cycle3');
    expect(panel).toHaveTextContent('Latest cycle, received 02-10-202614 uses at $1.25000');
    expect(panel).toHaveTextContent('A cycle is the life of one delivery (lot) received here, from its receipt until its last unit is used');
    expect(estimateCalls()).toEqual([`/api/product/${ID}/estimated-cycle-unit-price?get-last-tracker=true`]);
    expect(toggle).toBeChecked();
  });

  it('puts the switch back, with a message, when the server refuses the change', async () => {
    let refuse: () => void = () => undefined;
    const { patches } = signIn('company_member', {}, {
      patch: () => new Promise((resolve) => {
        refuse = () => { resolve(jsonResponse({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' }, 500)); };
      }),
    });
    renderApp(`/products/${ID}`);
    await details();
    const toggle = within(await screen.findByRole('region', { name: 'Usage Tracking' })).getByRole('switch', { name: 'Track usage of this product' });

    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => { expect(patches).toHaveLength(1); });
    refuse();
    expect(await screen.findByText(PRODUCT_MESSAGES.updateFailed)).toBeInTheDocument();
    await waitFor(() => { expect(toggle).not.toBeChecked(); });
    expect(usagePanel()).toHaveTextContent('Turn usage tracking on');
  });

  it('says so when the product has no cycle yet, and when the estimate cannot be loaded', async () => {
    signIn('company_member', { is_usage_tracking_on: true }, { estimate: () => jsonResponse(NO_CYCLE) });
    const first = renderApp(`/products/${ID}`);
    await details();
    expect(await screen.findByText('No cycle yet: the estimate starts with the first delivery of this product received here.')).toBeInTheDocument();
    first.unmount();

    signIn('company_member', { is_usage_tracking_on: true }, { estimate: () => jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }, 404) });
    renderApp(`/products/${ID}`);
    expect(await screen.findByText('Not found')).toBeInTheDocument();
  });

  it('is not shown for a disposable product, nor to the admin', async () => {
    signIn('company_member', { type: 'disposable' });
    const first = renderApp(`/products/${ID}`);
    await details();
    expect(await screen.findByRole('region', { name: 'Track Product Consumption' })).toBeInTheDocument();
    expect(usagePanel()).toBeNull();
    first.unmount();

    signIn('admin');
    renderApp(`/products/${ID}`);
    await details();
    expect(usagePanel()).toBeNull();
  });

  it('shows an assistant, who may not change products, the switch without letting it change', async () => {
    signIn('assistant', { is_usage_tracking_on: true });
    renderApp(`/products/${ID}`);
    await details();
    const toggle = within(await screen.findByRole('region', { name: 'Usage Tracking' })).getByRole('switch', { name: 'Track usage of this product' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
  });
});

describe('fields edited in place', () => {
  it("lets a location edit its own product's manufacture code and weight, checked as the product form checks them", async () => {
    const { patches } = signIn('company_member', { is_approved: false, is_editable: true, company_id: IDS.company });
    renderApp(`/products/${ID}`);
    const region = await details();

    await userEvent.click(within(region).getByRole('button', { name: 'Edit weight per volume' }));
    const weight = within(region).getByRole('textbox', { name: 'Weight per volume' });
    await userEvent.clear(weight);
    await userEvent.type(weight, '0');
    expect(within(region).getByText('Weight or volume must be greater than 0')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(weight);
    await userEvent.type(weight, '1.50');
    await userEvent.tab();
    // Spec section 5: the number is converted on blur.
    expect(weight).toHaveValue('1.5');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Weight per volume updated')).toBeInTheDocument();
    expect(patches).toEqual([{ weight_or_volume: 1.5 }]);
    await waitFor(() => { expect(within(region).queryByRole('textbox', { name: 'Weight per volume' })).toBeNull(); });

    await userEvent.click(within(region).getByRole('button', { name: 'Edit manufacture code' }));
    const code = within(region).getByRole('textbox', { name: 'Manufacture Code' });
    await userEvent.clear(code);
    await userEvent.type(code, 'x'.repeat(65));
    expect(within(region).getByText('Must be at most 64 characters')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, 'NP-200 ');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Manufacture code updated')).toBeInTheDocument();
    expect(patches).toEqual([{ weight_or_volume: 1.5 }, { manufacturer_code: 'NP-200' }]);
    await waitFor(() => { expect(region).toHaveTextContent('NP-200'); });
  });

  it('clears a weight left empty, and saves nothing for an unchanged one', async () => {
    const { patches } = signIn('company_member', { is_approved: false, is_editable: true, company_id: IDS.company });
    renderApp(`/products/${ID}`);
    const region = await details();
    await userEvent.click(within(region).getByRole('button', { name: 'Edit weight per volume' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(patches).toEqual([]);
    await userEvent.click(within(region).getByRole('button', { name: 'Edit weight per volume' }));
    await userEvent.clear(within(region).getByRole('textbox', { name: 'Weight per volume' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() => { expect(patches).toEqual([{ weight_or_volume: null }]); });
  });

  it("offers a location only its minimum stock on a locked catalog product, and the assistant nothing", async () => {
    const { patches } = signIn('company_member');
    const first = renderApp(`/products/${ID}`);
    const region = await details();
    expect(within(region).queryByRole('button', { name: 'Edit manufacture code' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Edit weight per volume' })).toBeNull();
    expect(region).toHaveTextContent('NP-100');
    await userEvent.click(within(region).getByRole('button', { name: 'Edit minimum stock' }));
    const minimum = within(region).getByRole('textbox', { name: 'Minimum Stock' });
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '2.5');
    expect(within(region).getByText(PRODUCT_MESSAGES.minimumStockInvalid)).toBeInTheDocument();
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '12{Enter}');
    expect(await screen.findByText('Minimum stock updated')).toBeInTheDocument();
    expect(patches).toEqual([{ minimum_stock: 12 }]);
    first.unmount();

    signIn('assistant');
    renderApp(`/products/${ID}`);
    const assistantView = await details();
    expect(within(assistantView).queryAllByRole('button', { name: /^Edit / })).toEqual([]);
  });

  it('lets the admin edit the manufacture code and weight of a catalog product', async () => {
    signIn('admin', { is_editable: true });
    renderApp(`/products/${ID}`);
    const region = await details();
    expect(within(region).getByRole('button', { name: 'Edit manufacture code' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Edit weight per volume' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Edit minimum stock' })).toBeNull();
  });
});
