import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PLACE_MESSAGES, type Place } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse, stockLot } from '../../../test/fixtures';
import { MoveDialog } from './move-dialog';

const place = (id: string, name: string, isDefault = false): Place => ({ id, name, is_default: isDefault, units: 0, lots: 0, retired_at: null, created_at: '2026-11-01T10:00:00.000Z' });
const MAIN = place('7c2d9a52-6a8e-4f5b-9a55-0b6a7a1d2c3e', 'Main storage', true);
const OPERATORY = place('8d3e0b63-7b9f-4a6c-8b66-1c7b8b2e3d4f', 'Operatory 2');
const LOT = stockLot();

function renderDialog(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  const onClose = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/places') return Promise.resolve(jsonResponse({ places: [MAIN, OPERATORY] }));
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push(body);
      return Promise.resolve(answer(body));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <MoveDialog product={{ name: 'Implant' }} lot={LOT} onClose={onClose} />
    </AppProviders>,
  );
  return { sent, onClose };
}

describe('moving units of a lot to another place', () => {
  it('offers the other places, sends the units and the place with a key, and closes', async () => {
    const { sent, onClose } = renderDialog(() => jsonResponse({ ...LOT, id: 'new', place: { id: OPERATORY.id, name: OPERATORY.name } }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to another place' });
    expect(dialog).toHaveTextContent('Implant, lot IMP-1: 20 units in Main storage.');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Move to' }));
    const options = await screen.findAllByRole('option');
    // The place the lot is in is not offered.
    expect(options.map((o) => o.textContent)).toEqual(['Operatory 2']);
    await userEvent.click(options[0]!);
    const units = within(dialog).getByRole('spinbutton', { name: 'Units' });
    await userEvent.clear(units);
    await userEvent.type(units, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => { expect(onClose).toHaveBeenCalled(); });
    expect(sent).toEqual([{ units: 5, place_id: OPERATORY.id, idempotency_key: expect.any(String) }]);
  });

  it('refuses more units than the lot holds, and part units of it, before sending anything', async () => {
    const { sent } = renderDialog(() => jsonResponse({}));
    const dialog = await screen.findByRole('dialog');
    const units = within(dialog).getByRole('spinbutton', { name: 'Units' });
    await userEvent.clear(units);
    await userEvent.type(units, '21');
    expect(within(dialog).getByText(PLACE_MESSAGES.moreThanLeft(20))).toBeInTheDocument();
    await userEvent.clear(units);
    await userEvent.type(units, '2.5');
    expect(within(dialog).getByText(PLACE_MESSAGES.moveWholeUnits)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(sent).toEqual([]);
  });

  it('shows the server\'s refusal under the field it is about', async () => {
    renderDialog(() => jsonResponse({ statusCode: 409, code: 'CONFLICT', message: PLACE_MESSAGES.moreThanLeft(3), field: 'units', errors: [{ field: 'units', message: PLACE_MESSAGES.moreThanLeft(3) }] }, 409));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Move to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Operatory 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText(PLACE_MESSAGES.moreThanLeft(3))).toBeInTheDocument();
  });
});
