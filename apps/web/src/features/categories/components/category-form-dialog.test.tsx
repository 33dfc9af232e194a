import type { ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { IDS, jsonResponse } from '../../../test/fixtures';
import { CreateCategoryDialog, EditCategoryDialog } from './category-form-dialog';

const CATEGORY: Category = {
  id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  name: 'Gloves',
  description: 'Nitrile and latex examination gloves',
  image_url: 'http://127.0.0.1/api/files/signed/gloves.png?expires=1&signature=x',
  company_id: IDS.company,
  product_count: 3,
  created_at: '2026-01-05T10:00:00.000Z',
};

const UPLOAD_TARGET = {
  url: 'http://127.0.0.1/api/upload/form',
  fields: { key: 'company/category_image/1/gloves.png', policy: 'p', signature: 's' },
  public_url: 'http://127.0.0.1/api/files/company/category_image/1/gloves.png',
};

/** Answers every call with `response` and records what the dialog sent. */
function stubFetch(response: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => Promise.resolve(response(String(input), init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The storage's form post, held open until the test lets it finish. */
class HeldXhr {
  static last: HeldXhr | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() { HeldXhr.last = this; }
  send() { /* held */ }
  abort() { this.onabort?.(); }
  finish() {
    this.status = 204;
    this.onload?.();
  }
}

function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

function sentBody(fetchMock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

beforeEach(() => {
  // jsdom has no object URLs; the field only needs one for its preview.
  Object.defineProperty(URL, 'createObjectURL', { value: () => 'blob:preview', configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => undefined, configurable: true, writable: true });
});

describe('category dialogs', () => {
  it('asks for a name and sends nothing while it is missing', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}, 201));
    renderWithProviders(<CreateCategoryDialog onClose={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Name is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('holds Add Category until the image is stored, then sends its address', async () => {
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    const fetchMock = stubFetch((url) => (url === '/api/upload' ? jsonResponse(UPLOAD_TARGET, 201) : jsonResponse(CATEGORY, 201)));
    const onClose = vi.fn();
    renderWithProviders(<CreateCategoryDialog onClose={onClose} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '  Gloves ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Nitrile and latex examination gloves');
    await userEvent.upload(screen.getByLabelText('Image'), new File(['png'], 'gloves.png', { type: 'image/png' }));

    expect(await screen.findByText('Uploading.... 0%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Category' })).toBeDisabled();
    expect(sentBody(fetchMock, '/api/upload')).toEqual({ file_name: 'gloves.png', type: 'category_image', mimeType: 'image/png', size_bytes: expect.any(Number) });

    act(() => { HeldXhr.last!.finish(); });
    expect(await screen.findByText('Upload done')).toBeInTheDocument();
    // The form hears that the upload is over one render after the field shows it.
    const add = screen.getByRole('button', { name: 'Add Category' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);

    expect(await screen.findByText('Category added successfully')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(sentBody(fetchMock, '/api/category')).toEqual({
      name: 'Gloves',
      description: 'Nitrile and latex examination gloves',
      image_url: UPLOAD_TARGET.public_url,
    });
  });

  it('says the category already exists on a 409 and keeps the form open', async () => {
    stubFetch(() => jsonResponse({ statusCode: 409, code: 'CONFLICT', message: 'Category already exists' }, 409));
    const onClose = vi.fn();
    renderWithProviders(<CreateCategoryDialog onClose={onClose} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Gloves');
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));

    expect(await screen.findByText('Category already exists')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Gloves');
  });

  it('reports any other create failure with the spec wording', async () => {
    stubFetch(() => jsonResponse({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, 500));
    renderWithProviders(<CreateCategoryDialog onClose={vi.fn()} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Gloves');
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));

    expect(await screen.findByText('Failed to create Category!')).toBeInTheDocument();
  });

  it('puts server field errors under their inputs instead of a toast', async () => {
    stubFetch(() =>
      jsonResponse(
        { statusCode: 400, code: 'VALIDATION', message: 'Invalid request', errors: [{ field: 'body.description', message: 'Description must be at most 500 characters' }] },
        400,
      ),
    );
    renderWithProviders(<CreateCategoryDialog onClose={vi.fn()} />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Gloves');
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));

    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('Description must be at most 500 characters');
    });
    expect(screen.queryByText('Failed to create Category!')).not.toBeInTheDocument();
  });

  it('sends only the changed name on edit, leaving the image alone, and confirms', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ...CATEGORY, name: 'Exam Gloves' }));
    const onClose = vi.fn();
    renderWithProviders(<EditCategoryDialog category={CATEGORY} onClose={onClose} />);

    expect(screen.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', CATEGORY.image_url);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Exam Gloves');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Category updated!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/category/${CATEGORY.id}`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Exam Gloves' });
  });

  it('sends a removed image as null and reports a failed update with the spec wording', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, 500));
    renderWithProviders(<EditCategoryDialog category={CATEGORY} onClose={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to update category!')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ image_url: null });
  });
});
