import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PatientSummary, TranscriptionStatus, TreatmentLog } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse } from '../../../test/fixtures';
import { CaseNotesActions } from './case-notes-actions';

const VISIT: TreatmentLog = {
  id: '6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  created_at: '2026-11-20T15:00:00.000Z',
  patient: { id: '7c6b5d4e-3f20-4b1c-8d9e-0f1a2b3c4d5e', patient_chart_number: 'CH-1' },
  treatments: [],
  caseNotes: 'Procedure: extraction #32.',
  summary: '',
  recordingTranscript: '',
  recordingUrls: [],
  transcriptionJobStatus: null,
  treatment_log_products: [],
  total_cost: 7.66,
};

const ROW: PatientSummary = {
  id: VISIT.patient.id,
  patient_chart_number: 'CH-1',
  total_visits: 2,
  life_time_cost: 20,
  last_visit: VISIT.created_at,
  last_visit_cost: 7.66,
  last_visit_treatment_log_id: VISIT.id,
  last_visit_treatment_log_transcription_job_status: null,
};

function renderActions(status: TranscriptionStatus | null, visit: TreatmentLog = VISIT) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(visit)));
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <CaseNotesActions patient={{ ...ROW, last_visit_treatment_log_transcription_job_status: status }} canEdit />
    </AppProviders>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('case notes actions of a patient history row', () => {
  it('shows only the in-progress label while the notes are being made, asking for nothing', () => {
    const fetchMock = renderActions('in_progress');
    expect(screen.getByText('In Progress..')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the latest visit only when its notes are opened, in the view and edit dialog', async () => {
    const fetchMock = renderActions(null);
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Case notes of CH-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Case notes' });
    expect(dialog).toHaveTextContent('Procedure: extraction #32.');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/treatment_log/${VISIT.id}`);
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Case notes' })).toHaveValue('Procedure: extraction #32.');
  });

  it('copies the latest visit’s notes and says so in lowercase', async () => {
    renderActions(null);
    // jsdom has no clipboard (nor ClipboardItem): the text is written once it has arrived.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy case notes of CH-1' }));
    expect(await screen.findByText('copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('Procedure: extraction #32.');
  });

  it('says there is nothing to copy when the visit has no notes', async () => {
    renderActions(null, { ...VISIT, caseNotes: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Copy case notes of CH-1' }));
    expect(await screen.findByText('No case notes for this visit yet.')).toBeInTheDocument();
  });
});
