import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TREATMENT_LOG_MESSAGES, type PatientSummary } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { copyPendingText } from '../../../lib/clipboard';
import { visitQueryOptions } from '../api/visits-api';
import { CaseNotesDialog } from './case-notes-dialog';

/** Written as an error so the empty case does not pass for a copy. */
class NothingToCopy extends Error {}

/**
 * Spec section 2, patients list: the case notes of a patient's latest visit, opened in the case
 * notes dialog (view, and edit for those who may) or copied. The row names the visit; its notes
 * are fetched only when asked for, so the list stays one request.
 */
export function CaseNotesActions({ patient, canEdit }: { patient: PatientSummary; canEdit: boolean }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const visitId = patient.last_visit_treatment_log_id;
  const visit = useQuery({ ...visitQueryOptions(visitId), enabled: open });
  const chart = patient.patient_chart_number;

  if (patient.last_visit_treatment_log_transcription_job_status === 'in_progress') return <>{TREATMENT_LOG_MESSAGES.inProgress}</>;

  const copy = () => {
    const notes = queryClient.fetchQuery(visitQueryOptions(visitId)).then((v) => {
      if (!v.caseNotes) throw new NothingToCopy(TREATMENT_LOG_MESSAGES.noCaseNotes);
      return v.caseNotes;
    });
    copyPendingText(notes).then(
      () => { notify.success(TREATMENT_LOG_MESSAGES.copiedFromList); },
      (error: unknown) => { notify.error(error instanceof NothingToCopy ? error.message : errorMessage(error, 'Could not copy the case notes.')); },
    );
  };

  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title="View case notes">
        <IconButton size="small" aria-label={`Case notes of ${chart}`} loading={open && visit.isPending} onClick={() => { setOpen(true); }}>
          <NotesOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Copy case notes">
        <IconButton size="small" aria-label={`Copy case notes of ${chart}`} onClick={copy}>
          <ContentCopyOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && visit.data ? <CaseNotesDialog visit={visit.data} canEdit={canEdit} onClose={() => { setOpen(false); }} /> : null}
    </Stack>
  );
}
