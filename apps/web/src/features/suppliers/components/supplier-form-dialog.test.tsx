import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Supplier } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse } from '../../../test/fixtures';
import { CreateSupplierDialog, EditSupplierDialog } from './supplier-form-dialog';

const SUPPLIER: Supplier = {
  id: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
  name: 'Henry Dental Supply',
  email: 'orders@henry.test',
  phone: '+1 555 0123',
  tax_id: 'TX-1234',
  address: '1 Main St, Austin',
  contact_email: 'sam@henry.test',
  contact_phone: '+1 555 0124',
  company_id: '9c8b7a6d-5e4f-4321-8fed-cba987654321',
  distributor: false,
  created_at: '2026-01-05T10:00:00.000Z',
};

/** Answers every call with `response` and records what the dialog sent. */
function stubFetch(response: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

async function fillCreateForm(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    Name: 'Henry Dental Supply',
    'Tax ID': 'TX-1234',
    Email: 'orders@henry.test',
    Phone: '+1 555 0123',
    'Contact email': 'sam@henry.test',
    'Contact phone': '+1 555 0124',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await userEvent.type(screen.getByRole('textbox', { name: label }), value);
  }
}

describe('supplier dialogs', () => {
  it('shows field messages under the inputs and sends nothing while the form is invalid', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}, 201));
    renderWithProviders(<CreateSupplierDialog open onClose={vi.fn()} />);

    await fillCreateForm({ Name: '', Email: 'not-an-email', 'Contact phone': 'call me' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Supplier' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByRole('textbox', { name: 'Contact phone' })).toHaveAccessibleDescription(/Enter a valid phone number/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the supplier and says so', async () => {
    const fetchMock = stubFetch(() => jsonResponse(SUPPLIER, 201));
    const onClose = vi.fn();
    renderWithProviders(<CreateSupplierDialog open onClose={onClose} />);

    await fillCreateForm({ Email: 'Orders@Henry.test ' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Supplier' }));

    expect(await screen.findByText('Supplier created')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/supplier');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Henry Dental Supply', email: 'orders@henry.test', address: '' });
  });

  it('says the supplier already exists on a 409 and keeps the form open', async () => {
    stubFetch(() => jsonResponse({ statusCode: 409, code: 'CONFLICT', message: 'Supplier already exists' }, 409));
    const onClose = vi.fn();
    renderWithProviders(<CreateSupplierDialog open onClose={onClose} />);

    await fillCreateForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Supplier' }));

    expect(await screen.findByText('Supplier already exists')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Henry Dental Supply');
  });

  it('puts server field errors under their inputs instead of a toast', async () => {
    stubFetch(() =>
      jsonResponse(
        { statusCode: 400, code: 'VALIDATION', message: 'Invalid request', errors: [{ field: 'body.tax_id', message: 'Tax ID is not valid here' }] },
        400,
      ),
    );
    renderWithProviders(<CreateSupplierDialog open onClose={vi.fn()} />);

    await fillCreateForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Supplier' }));

    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'Tax ID' })).toHaveAccessibleDescription('Tax ID is not valid here');
    });
    expect(screen.queryByText('Failed to create supplier!')).not.toBeInTheDocument();
  });

  it('sends only the changed field on edit and reports a server fault with the spec wording', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, 500));
    renderWithProviders(<EditSupplierDialog supplier={SUPPLIER} onClose={vi.fn()} />);

    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '+1 555 9999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to update supplier!')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/supplier/${SUPPLIER.id}`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ phone: '+1 555 9999' });
  });
});
