import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { TREATMENT_LOG_MESSAGES, UpdateTreatmentLogRequestSchema, type TreatmentLog } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { useReviseVisit, visitQueryOptions } from '../api/visits-api';
import { implantIssues, linesOfVisit, mergeTray, visitRevisionOf, type TrayLine, type TreatmentChoice } from '../tray';
import { saveFailure } from '../save-failure';
import { DiscardGuard } from '../components/discard-guard';
import { TrayEditor } from '../components/tray-editor';
import { TreatmentsField } from '../components/treatments-field';
import { TrayProposalPanel } from '../components/tray-proposal-panel';
import { acceptProposed } from '../proposal';

/** /treatment-execution/edit/{logId}: a saved visit's treatments and products, corrected. */
export function VisitEditPage() {
  const { logId = '' } = useParams();
  const visit = useQuery({ ...visitQueryOptions(logId), staleTime: Infinity });
  if (visit.isPending) return <PageLoader />;
  if (visit.isError) return <Alert severity={isMissingRecord(visit.error) ? 'info' : 'error'}>{isMissingRecord(visit.error) ? 'This visit does not exist.' : errorMessage(visit.error, 'Could not load the visit.')}</Alert>;
  return <VisitEditForm visit={visit.data} />;
}

function VisitEditForm({ visit }: { visit: TreatmentLog }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const revise = useReviseVisit(visit.id);
  const [chosen, setChosen] = useState<TreatmentChoice[]>(visit.treatments);
  const [lines, setLines] = useState<TrayLine[]>(() => linesOfVisit(visit));
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const history = `/patients/${visit.patient.id}`;
  const noteText = visit.caseNotes.trim() || visit.recordingTranscript.trim();

  // Leaves once the guard has seen the visit saved, so saving never asks to discard.
  useEffect(() => {
    if (done) void navigate(history);
  }, [done, history, navigate]);

  const parsed = UpdateTreatmentLogRequestSchema.safeParse(visitRevisionOf(chosen, lines));
  const implantProblems = implantIssues(lines);
  const issue = (path: string) =>
    submitted ? ((!parsed.success ? parsed.error.issues.find((i) => i.path.join('.') === path)?.message : undefined) ?? implantProblems.find((i) => i.path === path)?.message) : undefined;
  const editLines = (update: (current: TrayLine[]) => TrayLine[]) => {
    setTouched(true);
    setLines(update);
  };

  const submit = () => {
    setSubmitted(true);
    if (!parsed.success || implantProblems.length > 0) return;
    revise.mutate(parsed.data, {
      onSuccess: (saved) => {
        notify.success(`${TREATMENT_LOG_MESSAGES.visitUpdated}: ${formatDollars(saved.total_cost)}`);
        setDone(true);
      },
      onError: (error) => { notify.error(saveFailure(error)); },
    });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <PageHeader
        title={`Edit visit of ${visit.patient.patient_chart_number}`}
        subtitle={`${formatDateTime(visit.created_at)} · saved at ${formatDollars(visit.total_cost)}`}
        leading={
          <Tooltip title="Back to the patient">
            <IconButton component={RouterLink} to={history} aria-label="Back to the patient">
              <ArrowBackOutlined />
            </IconButton>
          </Tooltip>
        }
      />
      <Paper sx={{ p: 2, mb: 2 }}>
        <TreatmentsField
          value={chosen}
          onChange={(next) => {
            setChosen(next);
            editLines((current) => mergeTray(current, next));
          }}
          error={issue('treatments')}
        />
      </Paper>
      {/* Issue 55: the tray the visit's case note (or its recording's transcript) proposes, beside the tray on a wide screen. */}
      <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(340px, 400px)' }, alignItems: 'start' }}>
        <TrayEditor
          lines={lines}
          onChange={editLines}
          treatments={chosen}
          issue={issue}
          hint="Products taken out or lowered go back to the lots they came from; raised or added ones come from the lot that expires first unless you name one."
        />
        <TrayProposalPanel
          source={noteText ? { kind: 'visit', visitId: visit.id } : null}
          unavailable="This visit has no case note or transcript yet."
          onAccept={(accepted) => {
            const chosenIds = new Set(chosen.map((t) => t.id));
            editLines((current) => accepted.reduce((all, { line, quantity }) => acceptProposed(all, line, quantity, chosenIds), current));
          }}
        >
          {noteText ? (
            <Box component="blockquote" tabIndex={0} aria-label={visit.caseNotes.trim() ? 'The visit’s case note' : 'The recording’s transcript'} sx={{ m: 0, mb: 2, pl: 1.5, borderLeft: 3, borderColor: 'divider', maxHeight: 160, overflowY: 'auto' }}>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {noteText}
              </Typography>
            </Box>
          ) : null}
        </TrayProposalPanel>
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
        {issue('products') ? <Typography color="error">{issue('products')}</Typography> : null}
        <Button component={RouterLink} to={history}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" loading={revise.isPending}>
          Save changes
        </Button>
      </Stack>
      <DiscardGuard when={touched && !done && !revise.isPending} />
    </Box>
  );
}
