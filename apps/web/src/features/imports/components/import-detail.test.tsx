import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ProductImportDetail } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse } from '../../../test/fixtures';
import { ImportDetail } from './import-detail';

const IMPORT: ProductImportDetail = {
  id: '0b6a7a1d-2c3e-4f5b-9a55-6f1c2a526a8e',
  file_name: 'catalog.csv',
  status: 'processing',
  error: null,
  total_rows: 10000,
  processed_rows: 7500,
  succeeded_rows: 7500,
  failed_rows: 0,
  created_at: '2026-03-02T10:00:00.000Z',
  finished_at: null,
  stock_location_id: null,
  resumed: null,
  rows: { results: [], currentPage: 1, lastPage: 1, total: 0 },
};

function show(detail: ProductImportDetail) {
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(detail))));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<AppProviders queryClient={queryClient}><ImportDetail importId={detail.id} /></AppProviders>);
}

describe('an import\'s details', () => {
  it('say that it resumed after the server restarted, with the rows done by then', async () => {
    show({ ...IMPORT, resumed: { at: '2026-03-02T10:03:00.000Z', after_rows: 6000 } });
    expect(await screen.findByText('Resumed after the server restarted: 6000 of 10000 rows were already done, and the import went on from there.')).toBeVisible();
  });

  it('say nothing of it when the import ran through', async () => {
    show(IMPORT);
    expect(await screen.findByText('7500 of 10000 rows')).toBeVisible();
    expect(screen.queryByText(/Resumed/)).toBeNull();
  });
});
