import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsContext, type Notifier } from '../notifications/notifications-context';
import { CsvImportCard, ImportOutcome, type ImportRow } from './csv-import-card';

const uploads = vi.hoisted(() => ({ types: [] as string[] }));
vi.mock('../../lib/upload', () => ({
  UploadError: class extends Error {},
  uploadFile: (file: File, type: string) => {
    uploads.types.push(type);
    return Promise.resolve(`/files/${file.name}`);
  },
}));

interface Answer {
  imported: number;
  rows: ImportRow[];
}

function renderCard(props: { importFile: (url: string) => Promise<Answer>; ready?: () => boolean }) {
  const notifier = { notify: vi.fn(), success: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as Notifier;
  render(
    <NotificationsContext.Provider value={notifier}>
      <CsvImportCard<Answer>
        id="things"
        kind="schedule_csv_import"
        title="Import things"
        description="Columns: Name"
        template={{ csv: 'Name\n', fileName: 'things.csv' }}
        fileLabel="things file"
        ready={props.ready}
        importFile={props.importFile}
        busy={false}
        notice={(answer) => `${String(answer.imported)} imported`}
        failure="Could not import the things"
        outcome={(answer) => <ImportOutcome summary={`${String(answer.imported)} imported`} rows={answer.rows} failedRowsLabel="Thing rows that failed" />}
      />
    </NotificationsContext.Provider>,
  );
  return notifier;
}

const file = () => new File(['Name\nGloves\n'], 'things.csv', { type: 'text/csv' });

describe('CsvImportCard', () => {
  afterEach(() => {
    cleanup();
    uploads.types.length = 0;
  });

  it('uploads the chosen file, imports it, and shows the answer with the failed rows', async () => {
    const importFile = vi.fn(() => Promise.resolve({ imported: 1, rows: [{ row_number: 2, status: 'imported', reason: null }, { row_number: 3, status: 'failed', reason: 'No name' }] }));
    const notifier = renderCard({ importFile });
    const card = screen.getByRole('region', { name: 'Import things' });
    await userEvent.upload(within(card).getByLabelText('Things file'), file());
    expect(await within(card).findByRole('alert')).toHaveTextContent('1 imported');
    expect(within(card).getByRole('list', { name: 'Thing rows that failed' })).toHaveTextContent('Row 3No name');
    expect(importFile).toHaveBeenCalledWith('/files/things.csv');
    expect(uploads.types).toEqual(['schedule_csv_import']);
    expect(notifier.success).toHaveBeenCalledWith('1 imported');
  });

  it('says the import failed, and shows no answer', async () => {
    const notifier = renderCard({ importFile: () => Promise.reject(new Error('boom')) });
    await userEvent.upload(screen.getByLabelText('Things file'), file());
    await vi.waitFor(() => { expect(notifier.error).toHaveBeenCalled(); });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uploads nothing until what the import needs is there', async () => {
    const importFile = vi.fn(() => Promise.resolve({ imported: 0, rows: [] }));
    const ready = vi.fn(() => false);
    renderCard({ importFile, ready });
    await userEvent.click(screen.getByRole('button', { name: 'Choose things file' }));
    await userEvent.upload(screen.getByLabelText('Things file'), file());
    expect(ready).toHaveBeenCalledTimes(2);
    expect(uploads.types).toEqual([]);
    expect(importFile).not.toHaveBeenCalled();
  });
});
