import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PLACE_MESSAGES, type Place } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse } from '../../../test/fixtures';
import { PlacesPage } from './places-page';

const place = (id: string, name: string, extra: Partial<Place> = {}): Place => ({ id, name, is_default: false, units: 0, lots: 0, retired_at: null, created_at: '2026-11-01T10:00:00.000Z', ...extra });
const MAIN = place('7c2d9a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', 'Main storage', { is_default: true, units: 120, lots: 4 });
const CLOSET = place('8d3e0b63-7b9f-4a6c-8b66-1c7b8b2e3d4f', 'Main closet', { units: 5, lots: 1 });
const OLD = place('9e4f1c74-8ca0-4b7d-9c77-2d8c9c3f4e50', 'Old cabinet', { retired_at: '2026-11-05T10:00:00.000Z' });

function renderPage(answer: (method: string, path: string, body: unknown) => Response) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/api/places') return Promise.resolve(jsonResponse({ places: [MAIN, CLOSET, OLD] }));
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      return Promise.resolve(answer(method, url.pathname, body));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <PlacesPage />
    </AppProviders>,
  );
  return calls;
}

describe('the storage places page', () => {
  it('lists the places with the units they hold; the default cannot be retired, a retired place has no actions', async () => {
    renderPage(() => jsonResponse({}));
    const table = await screen.findByRole('table', { name: 'Storage places' });
    const main = await within(table).findByRole('row', { name: 'Main storage' });
    expect(main).toHaveTextContent('Default');
    expect(main).toHaveTextContent('120 units');
    expect(within(main).queryByRole('button', { name: /^Retire/ })).toBeNull();
    const closet = within(table).getByRole('row', { name: 'Main closet' });
    expect(within(closet).getByRole('button', { name: 'Retire Main closet' })).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: 'Old cabinet' })).queryAllByRole('button')).toEqual([]);
  });

  it('hides the actions column\'s header in a 1 px box, not one as wide as the page (it scrolled sideways by 1,096 px at 1440)', async () => {
    renderPage(() => jsonResponse({}));
    const header = await screen.findByRole('columnheader', { name: 'Actions' });
    const hidden = within(header).getByText('Actions');
    expect(getComputedStyle(hidden).position).toBe('absolute');
    expect(getComputedStyle(hidden).width).toBe('1px');
  });

  it('adds a place, and shows the server\'s refusal of a duplicate name in the dialog', async () => {
    const calls = renderPage((method, _path, body) =>
      (body as { name: string }).name === 'Main closet' ? jsonResponse({ statusCode: 409, code: 'CONFLICT', message: PLACE_MESSAGES.duplicateName('Main closet') }, 409) : jsonResponse(place('1', 'Operatory 2')),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add a place' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a place' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Main closet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(PLACE_MESSAGES.duplicateName('Main closet'))).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Operatory 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => { expect(screen.queryByRole('dialog', { name: 'Add a place' })).toBeNull(); });
    expect(calls.map((c) => c.body)).toEqual([{ name: 'Main closet' }, { name: 'Operatory 2' }]);
  });

  it('renames a place, and warns before retiring one that still holds units', async () => {
    const calls = renderPage((method) => (method === 'PATCH' ? jsonResponse(place(CLOSET.id, 'Back closet')) : jsonResponse({ statusCode: 409, message: PLACE_MESSAGES.retireHoldsUnits('Main closet', 5) }, 409)));
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Main closet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Main closet' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Back closet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => { expect(calls).toContainEqual({ method: 'PATCH', path: `/api/places/${CLOSET.id}`, body: { name: 'Back closet' } }); });

    await userEvent.click(screen.getByRole('button', { name: 'Retire Main closet' }));
    expect(await screen.findByRole('dialog', { name: 'Retire this place?' })).toHaveTextContent(PLACE_MESSAGES.retireHoldsUnits('Main closet', 5));
  });
});
