import { useDeferredValue, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MicOutlined from '@mui/icons-material/MicOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { PMS_MESSAGES, TREATMENT_LOG_MESSAGES, UPLOAD_MESSAGES, type TreatmentLog, type WaitingVisit } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/notifications/use-notify';
import { formatDate, formatDollars } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { errorMessage } from '../../../lib/api-client';
import { useAudioRecorder } from '../../../lib/use-audio-recorder';
import { useModuleOnDemand } from '../../../lib/use-module-on-demand';
import { patientsQueryOptions } from '../api/visits-api';
import { fetchTreatment, useConfirmProcedures, waitingVisitsQueryOptions } from '../api/pms-api';
import { implantIssues, mergeTray, trayOf, visitRequestOf, type TrayLine, type TreatmentChoice } from '../tray';
import { recordingSavedMessage } from '../recording-saved';
import { saveFailure } from '../save-failure';
import { useClips } from '../use-clips';
import { useSendVisit } from '../use-send-visit';
import { ClipRecorder } from '../components/clip-recorder';
import { DiscardGuard } from '../components/discard-guard';
import { TrayEditor } from '../components/tray-editor';
import { TreatmentsField } from '../components/treatments-field';
import { TrayProposalPanel } from '../components/tray-proposal-panel';
import { acceptProposed } from '../proposal';
import { WaitingProcedures } from '../components/waiting-procedures';
import type { checkVisit } from '../visit-validation';

const loadVisitValidation = () => import('../visit-validation');

/** The longest the form waits for the practice system's waiting visits before it shows anyway. */
const WAITING_VISITS_WAIT_MS = 1500;

/**
 * /treatment-execution and /treatment-execution/{patient_name}: at the chair, the patient's chart
 * number, the treatments performed and their tray, each quantity editable, and the recording made
 * during it, saved as one visit. Without a network the visit waits in the page and is sent when the
 * device is back online, with the same idempotency key (recorded once).
 */
export function TreatmentExecutionPage() {
  const { patient_name: patientName = '' } = useParams();
  const notify = useNotify();
  const recorder = useAudioRecorder();
  const { clips, add: addClip, remove: removeClip, clear: clearClips } = useClips();
  const [recording, setRecording] = useState(false);
  const [chartNumber, setChartNumber] = useState(patientName);
  const chartSearch = useDebouncedValue(chartNumber, 250);
  const patients = useQuery(patientsQueryOptions({ search: chartSearch }, 1));
  const [chosen, setChosen] = useState<TreatmentChoice[]>([]);
  const [lines, setLines] = useState<TrayLine[]>([]);
  // Issue 55: the case note typed at the chair, saved with the visit; the tray can be proposed from it.
  const [caseNote, setCaseNote] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<{ visit: TreatmentLog; recording: string | null } | null>(null);
  // A visit from the practice system being checked (issue 36): saving it records its procedures.
  const [fromPms, setFromPms] = useState<WaitingVisit | null>(null);
  const confirmProcedures = useConfirmProcedures();
  // The form's checks (zod and the visit's schemas) load on the form's first focus, which a visit
  // needs online anyway (the treatments are searched); Save waits for them.
  const validation = useModuleOnDemand(loadVisitValidation);
  // The visits waiting from the practice system sit above the form, which shows once their first
  // answer is in, or cannot come (offline, failed), or after WAITING_VISITS_WAIT_MS on a slow
  // network: arriving later they pushed the form down (CLS, issue 37).
  const waiting = useQuery(waitingVisitsQueryOptions());
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => { setWaitedEnough(true); }, WAITING_VISITS_WAIT_MS);
    return () => { clearTimeout(timer); };
  }, []);
  // The form then renders in a deferred pass, in slices rather than one long task (issue 37: TBT).
  const awaitingWaiting = useDeferredValue(waiting.isPending && waiting.fetchStatus === 'fetching' && waiting.failureCount === 0 && !waitedEnough);

  const save = useSendVisit((outcome) => {
    if (outcome.kind === 'failed') {
      notify.error(saveFailure(outcome.error));
      return;
    }
    notify.success(TREATMENT_LOG_MESSAGES.saved);
    if (outcome.recordingError) notify.error(errorMessage(outcome.recordingError, UPLOAD_MESSAGES.failed));
    const hadClips = outcome.visit.recordingUrls.length > 0;
    setSaved({ visit: outcome.visit, recording: hadClips ? recordingSavedMessage(outcome.visit) : null });
    setChosen([]);
    setLines([]);
    setCaseNote('');
    clearClips();
    setRecording(false);
    setSubmitted(false);
    setIdempotencyKey(crypto.randomUUID());
  });
  const busy = save.sending || save.waiting || confirmProcedures.isPending;

  const resetForm = () => {
    setChosen([]);
    setLines([]);
    setCaseNote('');
    setSubmitted(false);
    setIdempotencyKey(crypto.randomUUID());
    setFromPms(null);
  };

  /** A waiting visit into the form: its patient, its treatments and their trays (one per procedure), to change lots and quantities. */
  const editWaiting = async (visit: WaitingVisit) => {
    const procedures = visit.procedures.map((p) => ({ treatment_id: p.treatment?.id ?? null }));
    try {
      const treatments = await Promise.all([...new Set(procedures.flatMap((p) => (p.treatment_id ? [p.treatment_id] : [])))].map(fetchTreatment));
      setSaved(null);
      setChartNumber(visit.chart_number);
      setChosen(treatments);
      setLines(trayOf(treatments, procedures));
      setSubmitted(false);
      setIdempotencyKey(crypto.randomUUID());
      setFromPms(visit);
    } catch (error) {
      notify.error(errorMessage(error, 'Could not open the tray'));
    }
  };

  const inProgress = chosen.length > 0 || lines.length > 0 || clips.length > 0 || caseNote.trim() !== '';

  const request = { ...visitRequestOf(chartNumber, chosen, lines, idempotencyKey), ...(caseNote.trim() ? { caseNotes: caseNote.trim() } : {}) };
  const implantProblems = implantIssues(lines);
  // Problems show once Save procedure was pressed, which waits for the checks to load.
  const checks = submitted ? validation.module : null;
  const problems = checks?.checkVisit(request).error?.issues ?? [];
  const issue = (path: string) =>
    checks ? (problems.find((i) => i.path.join('.') === path)?.message ?? implantProblems.find((i) => i.path === path)?.message) : undefined;
  const chartError = checks?.chartNumberProblem(chartNumber);

  const chooseTreatments = (next: TreatmentChoice[]) => {
    setChosen(next);
    setLines((current) => mergeTray(current, next));
  };

  const submit = async () => {
    let checked: ReturnType<typeof checkVisit>;
    try {
      checked = (await validation.ready()).checkVisit(request);
    } catch (error) {
      notify.error(errorMessage(error, TREATMENT_LOG_MESSAGES.saveFailed));
      return;
    }
    setSubmitted(true);
    if (!checked.success || implantProblems.length > 0) return;
    setSaved(null);
    if (fromPms) {
      confirmProcedures.mutate(
        { procedure_ids: fromPms.procedures.map((p) => p.id), products: checked.data.products, idempotency_key: idempotencyKey },
        {
          onSuccess: () => {
            notify.success(PMS_MESSAGES.confirmed);
            resetForm();
          },
          onError: (error) => { notify.error(saveFailure(error)); },
        },
      );
      return;
    }
    save.send({ request: checked.data, clips: clips.map((clip) => clip.blob) });
  };

  const header = <PageHeader title="Execute treatment" subtitle="The patient, the treatments performed and what the tray used." />;
  if (awaitingWaiting) {
    return (
      <>
        {header}
        <PageLoader />
      </>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onFocus={validation.prefetch}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {header}
      <WaitingProcedures editing={fromPms} onEdit={(visit) => { void editWaiting(visit); }} />
      {fromPms ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={resetForm} sx={{ minHeight: 44 }}>
              Cancel
            </Button>
          }
        >
          {`Checking the tray of ${fromPms.chart_number}'s procedures of ${formatDate(fromPms.performed_on)} from the practice system: saving records them.`}
        </Alert>
      ) : null}
      {saved ? (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={`/patients/${saved.visit.patient.id}`}>
              Open history
            </Button>
          }
          onClose={() => { setSaved(null); }}
        >
          {`Visit of ${saved.visit.patient.patient_chart_number} saved: ${formatDollars(saved.visit.total_cost)}.`}
          {saved.recording ? <Typography variant="body2">{saved.recording}</Typography> : null}
        </Alert>
      ) : null}
      {save.waiting ? (
        <Alert
          severity="warning"
          role="status"
          aria-label="Waiting to send"
          sx={{ mb: 2 }}
          action={
            // The device may be online while the server is out of reach: no 'online' event will come.
            <Button color="inherit" size="small" onClick={save.retryNow}>
              Try now
            </Button>
          }
        >
          <AlertTitle>Offline</AlertTitle>
          {TREATMENT_LOG_MESSAGES.offlinePending}
        </Alert>
      ) : null}
      {/* While a visit waits to be sent it is the visit as saved: its fields are locked until it goes. */}
      <Box component="fieldset" disabled={save.waiting} sx={{ border: 0, p: 0, m: 0, minWidth: 0, '&:disabled': { opacity: 0.6 } }}>
        <Paper data-tour="execute" sx={{ p: 2, mb: 2 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' } }}>
            <Autocomplete
              freeSolo
              // A procedure from the practice system names its patient.
              disabled={Boolean(fromPms)}
              options={(patients.data?.results ?? []).map((p) => p.patient_chart_number)}
              inputValue={chartNumber}
              onInputChange={(_e, value) => { setChartNumber(value); }}
              renderInput={(params) => <TextField {...params} label="Patient chart number" required error={Boolean(chartError)} helperText={chartError} />}
            />
            <TreatmentsField value={chosen} onChange={chooseTreatments} error={issue('treatments')} />
          </Box>
        </Paper>

        {/* The proposal sits beside the tray on a wide screen, under it on a tablet or phone; each keeps its own bottom margin. */}
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(340px, 400px)' }, alignItems: 'start' }}>
          <TrayEditor lines={lines} onChange={setLines} treatments={chosen} issue={issue} hint="Units come from the lot that expires first unless you name one. Change a quantity to what was really used." />
          <TrayProposalPanel
            source={caseNote.trim() ? { kind: 'note', request: { note: caseNote, treatments: chosen.map((t) => t.id) } } : null}
            unavailable="Type the case note to have its products proposed."
            onAccept={(accepted) => {
              const chosenIds = new Set(chosen.map((t) => t.id));
              setLines((current) => accepted.reduce((all, { line, quantity }) => acceptProposed(all, line, quantity, chosenIds), current));
            }}
          >
            <TextField
              label="Case note"
              multiline
              minRows={3}
              maxRows={12}
              fullWidth
              value={caseNote}
              onChange={(e) => { setCaseNote(e.target.value); }}
              error={Boolean(issue('caseNotes'))}
              helperText={issue('caseNotes') ?? 'Saved with the visit.'}
              placeholder="LA: 2 carpules of Septocaine. Closed with 4-0 Vicryl."
              sx={{ mb: 2 }}
            />
          </TrayProposalPanel>
        </Box>
      </Box>
      <Box sx={{ mb: 2 }}>
        {fromPms ? null : recording ? (
          <ClipRecorder recorder={recorder} clips={clips} onAdd={addClip} onRemove={removeClip} locked={busy}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 2 }}>
              <Typography variant="body2" color="text.secondary">
                Saved with the visit when you save the procedure.
              </Typography>
              {clips.length === 0 ? (
                <Button onClick={() => { setRecording(false); }} disabled={recorder.state !== 'idle'}>
                  Cancel
                </Button>
              ) : null}
            </Stack>
          </ClipRecorder>
        ) : (
          // Spec: Add Recording only while the visit has no recording yet.
          <Button variant="outlined" startIcon={<MicOutlined />} onClick={() => { setRecording(true); }} disabled={save.waiting}>
            Add Recording
          </Button>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" loading={save.sending || confirmProcedures.isPending} disabled={save.waiting || recorder.state !== 'idle'}>
          {fromPms ? 'Record procedures' : 'Save procedure'}
        </Button>
      </Stack>
      <DiscardGuard when={inProgress && !save.sending} />
    </Box>
  );
}
