import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TreatmentLog, TranscriptionStatus } from '@clinic/domain';
import { AppProviders } from '../../../app/providers';
import { jsonResponse } from '../../../test/fixtures';
import { CaseNotesSection } from './case-notes-section';

const VISIT: TreatmentLog = {
  id: '6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  created_at: '2026-11-20T15:00:00.000Z',
  patient: { id: '7c6b5d4e-3f20-4b1c-8d9e-0f1a2b3c4d5e', patient_chart_number: 'CH-1' },
  treatments: [],
  caseNotes: 'Procedure: extraction #32.',
  summary: 'Uneventful extraction.',
  recordingTranscript: 'Extraction of tooth thirty two.',
  recordingUrls: ['/api/files/x/recording.wav?expires=1&signature=s'],
  transcriptionJobStatus: null,
  treatment_log_products: [],
  total_cost: 7.66,
};

function renderSection(status: TranscriptionStatus | null, configured = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const ui: ReactNode = <CaseNotesSection visit={{ ...VISIT, transcriptionJobStatus: status ? { status, configured } : null }} canEdit />;
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

describe('case notes of a visit', () => {
  it('says the notes are being made while the job runs', () => {
    renderSection('in_progress');
    expect(screen.getByRole('status')).toHaveTextContent('Patient case notes are currently being processed.');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows the failure in the spec wording with a re-generate button that starts a new job', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ ...VISIT, transcriptionJobStatus: { status: 'in_progress', configured: true } })));
    vi.stubGlobal('fetch', fetchMock);
    renderSection('failed');
    expect(screen.getByText('There is an error in generating the case notes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Re-generate' }));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/treatment_log/${VISIT.id}/regenerate-casenotes`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PATCH');
    expect(await screen.findByText('Case notes generation started')).toBeInTheDocument();
  });

  it('says plainly that automatic case notes are not set up when the server has no transcription, with no Re-generate', () => {
    renderSection('failed', false);
    expect(screen.getByText('Recording saved; automatic case notes are not set up')).toBeInTheDocument();
    expect(screen.queryByText('There is an error in generating the case notes')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-generate' })).not.toBeInTheDocument();
  });

  it('offers the transcript and the summary once completed, and nothing extra without a job', async () => {
    renderSection('completed');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Extraction of tooth thirty two.');
    await userEvent.click(screen.getByRole('tab', { name: 'Summary' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Uneventful extraction.');
  });

  it('shows only the typed notes for a visit without recordings', () => {
    renderSection(null);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText('Procedure: extraction #32.')).toBeInTheDocument();
  });
});
