import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Implant, ImplantPage } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { EMPTY_PAGE, jsonResponse } from '../../../test/fixtures';
import { PatientImplants } from './patient-implants';

const PATIENT = '7c6b5d4e-3f20-4b1c-8d9e-0f1a2b3c4d5e';
const IMPLANT: Implant = {
  id: '1a2b3c4d-5e6f-4a0b-9c8d-7e6f5a4b3c2d',
  treatment_log_id: '6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  product: { id: '2b3c4d5e-6f70-4b1c-8d9e-0f1a2b3c4d5e', name: 'BoneLevel implant 4.1', brand: 'Straumann' },
  manufacturer_name: 'Straumann AG',
  manufacturer_address: 'Basel',
  udi: '(01)09506000134352(17)271231(10)LOTA1(21)SN123',
  device_identifier: '09506000134352',
  lot_number: 'LOTA1',
  serial_number: 'SN123',
  expiry_date: '2027-12-31',
  site: '36',
  implanted_at: '2026-11-22T15:00:00.000Z',
  clinician: { id: '3c4d5e6f-7081-4c2d-9e0f-1a2b3c4d5e6f', name: 'Dana Reyes' },
};

function renderImplants(page: ImplantPage) {
  const fetchMock = vi.fn<typeof fetch>((input) =>
    Promise.resolve(String(input).includes('/card') ? new Response('%PDF-1.3', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="implant-card-CH-1-2026-11-22.pdf"' } }) : jsonResponse(page)),
  );
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <PatientImplants patientId={PATIENT} />
    </AppProviders>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the patient’s implants', () => {
  it('lists each device with its label and downloads its implant card', async () => {
    const fetchMock = renderImplants({ results: [IMPLANT], currentPage: 1, lastPage: 1, total: 1 });
    const table = await screen.findByRole('table', { name: 'Implants' });
    const row = within(table).getByRole('row', { name: /BoneLevel implant 4.1/ });
    for (const text of ['Straumann AG', 'Lot LOTA1 · SN SN123', '09506000134352', '36', '11-22-2026', 'Dana Reyes']) expect(row).toHaveTextContent(text);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(`/api/patient/${PATIENT}/implants`);

    const createObjectURL = vi.fn(() => 'blob:card');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    await userEvent.click(within(row).getByRole('button', { name: 'Implant card of BoneLevel implant 4.1 SN123' }));
    await vi.waitFor(() => { expect(createObjectURL).toHaveBeenCalled(); });
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain(`/api/implant/${IMPLANT.id}/card`);
    expect(String(fetchMock.mock.calls[1]?.[0])).not.toContain('layout=');

    // Issue 55: the card on A4 paper to cut out, from the other formats.
    await userEvent.click(within(row).getByRole('button', { name: 'Other formats of the implant card of BoneLevel implant 4.1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Card on A4 paper, to cut out' }));
    await vi.waitFor(() => { expect(fetchMock).toHaveBeenCalledTimes(3); });
    const sheet = new URL(String(fetchMock.mock.calls[2]?.[0]), 'http://localhost');
    expect(sheet.pathname).toBe(`/api/implant/${IMPLANT.id}/card`);
    expect(Object.fromEntries(sheet.searchParams)).toEqual({ layout: 'sheet', paper: 'a4' });
  });

  it('shows nothing for a patient without implants', async () => {
    const fetchMock = renderImplants(EMPTY_PAGE);
    await vi.waitFor(() => { expect(fetchMock).toHaveBeenCalled(); });
    expect(screen.queryByRole('table', { name: 'Implants' })).not.toBeInTheDocument();
  });
});
