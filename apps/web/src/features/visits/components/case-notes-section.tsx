import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { TREATMENT_LOG_MESSAGES, type TreatmentLog } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useRegenerateCaseNotes } from '../api/visits-api';
import { CaseNotesDialog } from './case-notes-dialog';

/**
 * Spec sections 2 and 4: a visit's case notes. While the job runs: the processing text; failed: the
 * error text with a re-generate button; completed: Transcript and Summary tabs. No job: nothing
 * but the (typed) case notes. On a server without a transcription endpoint the recording is kept
 * but no notes come of it: that is said plainly, with no Re-generate that would fail again.
 */
export function CaseNotesSection({ visit, canEdit }: { visit: TreatmentLog; canEdit: boolean }) {
  const notify = useNotify();
  const regenerate = useRegenerateCaseNotes(visit.patient.id);
  const [tab, setTab] = useState<'transcript' | 'summary'>('transcript');
  const [open, setOpen] = useState(false);
  const job = visit.transcriptionJobStatus;
  const notSetUp = job?.configured === false;
  const status = notSetUp ? undefined : job?.status;

  return (
    <Paper component="section" aria-labelledby="case-notes-title" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="case-notes-title" variant="h2">
          Case notes
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            startIcon={<ContentCopyOutlined />}
            disabled={!visit.caseNotes}
            onClick={() => {
              void navigator.clipboard.writeText(visit.caseNotes).then(() => { notify.success(TREATMENT_LOG_MESSAGES.copied); });
            }}
          >
            Copy case notes
          </Button>
          <Button variant="contained" onClick={() => { setOpen(true); }}>
            View case note
          </Button>
        </Stack>
      </Box>
      {notSetUp ? (
        <Alert severity="info" sx={{ my: 2 }}>
          {TREATMENT_LOG_MESSAGES.caseNotesNotSetUp}
        </Alert>
      ) : null}
      {status === 'in_progress' ? (
        <Box role="status" sx={{ my: 2 }}>
          <Typography sx={{ mb: 1 }}>{TREATMENT_LOG_MESSAGES.processing}</Typography>
          <LinearProgress aria-label="Making the case notes" />
        </Box>
      ) : null}
      {status === 'failed' ? (
        <Alert
          severity="error"
          sx={{ my: 2 }}
          action={
            canEdit ? (
              <Button
                color="inherit"
                size="small"
                loading={regenerate.isPending}
                onClick={() =>
                  regenerate.mutate(visit.id, {
                    onSuccess: () => { notify.success(TREATMENT_LOG_MESSAGES.caseNotesStarted); },
                    onError: (error) => { notify.error(errorMessage(error, TREATMENT_LOG_MESSAGES.caseNotesFailed)); },
                  })
                }
              >
                Re-generate
              </Button>
            ) : null
          }
        >
          {TREATMENT_LOG_MESSAGES.caseNotesFailed}
        </Alert>
      ) : null}
      <Typography sx={{ whiteSpace: 'pre-wrap' }} color={visit.caseNotes ? 'text.primary' : 'text.secondary'}>
        {visit.caseNotes || TREATMENT_LOG_MESSAGES.noCaseNotes}
      </Typography>
      {status === 'completed' ? (
        <Box sx={{ mt: 2 }}>
          <Tabs value={tab} onChange={(_e, next: 'transcript' | 'summary') => { setTab(next); }} aria-label="Recording">
            <Tab value="transcript" label="Transcript" id="tab-transcript" aria-controls="panel-transcript" />
            <Tab value="summary" label="Summary" id="tab-summary" aria-controls="panel-summary" />
          </Tabs>
          <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ pt: 2 }}>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{tab === 'transcript' ? visit.recordingTranscript : visit.summary}</Typography>
          </Box>
        </Box>
      ) : null}
      {open ? <CaseNotesDialog visit={visit} canEdit={canEdit} onClose={() => { setOpen(false); }} /> : null}
    </Paper>
  );
}
