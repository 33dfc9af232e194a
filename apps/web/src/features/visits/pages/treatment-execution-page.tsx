import { useDeferredValue, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MicOutlined from '@mui/icons-material/MicOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { TREATMENT_LOG_MESSAGES, UPLOAD_MESSAGES, type TreatmentLog, type WaitingVisit } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/notifications/use-notify';
import { formatDate, formatDollars } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { errorMessage } from '../../../lib/api-client';
import { useAudioRecorder } from '../../../lib/use-audio-recorder';
import { useModuleOnDemand } from '../../../lib/use-module-on-demand';
import { keptTreatmentsQueryOptions, patientsQueryOptions, useVisitRecorded } from '../api/visits-api';
import { fetchTreatment, waitingVisitsQueryOptions } from '../api/pms-api';
import { implantIssues, mergeTray, trayOf, visitRequestOf, type TrayLine, type TreatmentChoice } from '../tray';
import { recordingSavedMessage } from '../recording-saved';
import { useClips } from '../use-clips';
import { CHAIR_KINDS, isChairEntry, type ChairForm, type NewChairEntry, type VisitSent } from '../outbox/outbox-entry';
import { queueEntry } from '../../../lib/outbox/outbox-sender';
import { useOutboxEntries, useOutboxEvents, useOutboxUser } from '../../../lib/outbox/use-outbox';
import { NotSentPanel } from '../../../components/outbox/not-sent-panel';
import { KeptNotice } from '../components/kept-notice';
import { useKeepTrayLots } from '../use-keep-tray-lots';
import { ClipRecorder } from '../components/clip-recorder';
import { DiscardGuard } from '../components/discard-guard';
import { TrayEditor } from '../components/tray-editor';
import { TreatmentsField } from '../components/treatments-field';
import { TrayProposalPanel } from '../components/tray-proposal-panel';
import { acceptProposed } from '../proposal';
import { WaitingProcedures, waitingVisitLabel } from '../components/waiting-procedures';
import type { checkVisit } from '../visit-validation';

const loadVisitValidation = () => import('../visit-validation');

/**
 * Online, how long "Sending the visit of …" stands for the visit just saved before it takes its place
 * in "Not sent yet" (the server is slow or unreachable; the outbox goes on sending it).
 */
const ANSWER_WAIT_MS = 3000;

/** The longest the form waits for the practice system's waiting visits before it shows anyway. */
const WAITING_VISITS_WAIT_MS = 1500;

/**
 * /treatment-execution and /treatment-execution/{patient_name}: at the chair, the patient's chart
 * number, the treatments performed and their tray, each quantity editable, and the recording made
 * during it, saved as one visit. Save puts the visit in the outbox (IndexedDB), which sends it at
 * once or, without a network, when the network is back, with its idempotency key (recorded once);
 * the form is free for the next patient either way, and "Not sent yet" lists what waits.
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
  const [idempotencyKey, setIdempotencyKey] = useState<string>(() => crypto.randomUUID());
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<{ visit: TreatmentLog; recording: string | null } | null>(null);
  // A visit from the practice system being checked (issue 36): saving it records its procedures.
  const [fromPms, setFromPms] = useState<WaitingVisit | null>(null);
  const userId = useOutboxUser();
  const notSent = useOutboxEntries(CHAIR_KINDS);
  // A refused visit loaded back into the form keeps its key: see fixRefused.
  const [fixing, setFixing] = useState<NewChairEntry | null>(null);
  // Between the tap and the entry kept on the device (a few milliseconds): one entry per tap.
  const [queuing, setQueuing] = useState(false);
  // The visit just saved online, its answer awaited (ANSWER_WAIT_MS at most) while the form is already
  // free: the ref for the outbox's events (which may come before a render), the state for the page.
  const answering = useRef<string | null>(null);
  const [sending, setSending] = useState<NewChairEntry | null>(null);
  const visitRecorded = useVisitRecorded();
  useKeepTrayLots();
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

  const resetForm = () => {
    setChosen([]);
    setLines([]);
    setCaseNote('');
    clearClips();
    setRecording(false);
    setSubmitted(false);
    setIdempotencyKey(crypto.randomUUID());
    setFromPms(null);
    setFixing(null);
  };

  // Every treatment with its tray, kept on the device: offline, a waiting visit's tray opens from them.
  const keptTreatments = useQuery(keptTreatmentsQueryOptions()).data;
  const treatmentFor = async (id: string) => {
    const kept = keptTreatments?.find((t) => t.id === id);
    if (kept && !navigator.onLine) return kept;
    return fetchTreatment(id).catch((error: unknown) => kept ?? Promise.reject(error instanceof Error ? error : new Error(String(error))));
  };

  /** A waiting visit into the form: its patient, its treatments and their trays (one per procedure), to change lots and quantities. */
  const editWaiting = async (visit: WaitingVisit, key: string = crypto.randomUUID()) => {
    const procedures = visit.procedures.map((p) => ({ treatment_id: p.treatment?.id ?? null }));
    try {
      const treatments = await Promise.all([...new Set(procedures.flatMap((p) => (p.treatment_id ? [p.treatment_id] : [])))].map(treatmentFor));
      setSaved(null);
      setChartNumber(visit.chart_number);
      setChosen(treatments);
      setLines(trayOf(treatments, procedures));
      setSubmitted(false);
      setIdempotencyKey(key);
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

  /**
   * A visit the server refused, back in the form to fix its lot or quantity. It keeps its
   * idempotency key: a refused request was rolled back with its key (apps/server/src/modules/
   * idempotency/idempotency.ts), so the fixed visit under the same key is recorded afresh, while
   * a visit the server did record under it could never be recorded a second time.
   */
  const fixRefused = (entry: NewChairEntry) => {
    resetForm();
    setSaved(null);
    setFixing(entry);
    if (!entry.form) {
      if (entry.kind === 'pms-confirm') void editWaiting(entry.waiting, entry.key);
      return;
    }
    setChartNumber(entry.form.chartNumber);
    setChosen(entry.form.chosen);
    setLines(entry.form.lines);
    setCaseNote(entry.form.caseNote);
    setFromPms(entry.form.fromPms);
    if (entry.kind === 'visit' && entry.clips.length > 0) {
      entry.clips.forEach(addClip);
      setRecording(true);
    }
    setIdempotencyKey(entry.key);
  };

  // What the outbox did with the user's work (the tray confirmed from the practice system's list says its own).
  useOutboxEvents((event) => {
    // The shelf's work (a use, a count) is said where it was made.
    const { entry } = event;
    if (!isChairEntry(entry)) return;
    // The answer to the visit just saved here.
    const answered = answering.current === entry.key;
    if (answered) {
      answering.current = null;
      setSending(null);
    }
    if (event.kind === 'waiting') {
      if (answered) notify.info(TREATMENT_LOG_MESSAGES.queued);
      return;
    }
    if (event.kind === 'refused') {
      notify.error(event.message);
      // Back in the form to fix, under its key, unless the next visit is already being entered
      // (then it waits in "Not sent yet", where Edit loads it back).
      if (answered && !inProgress && !fixing && !fromPms) fixRefused(entry);
      return;
    }
    const { visit, recordingError } = event.answer as VisitSent;
    if (entry.kind !== 'visit' || !visit) return;
    void visitRecorded();
    notify.success(TREATMENT_LOG_MESSAGES.saved);
    if (recordingError) notify.error(errorMessage(recordingError, UPLOAD_MESSAGES.failed));
    setSaved({ visit, recording: visit.recordingUrls.length > 0 ? recordingSavedMessage(visit) : null });
  });

  const submit = async () => {
    let checked: ReturnType<typeof checkVisit>;
    try {
      checked = (await validation.ready()).checkVisit(request);
    } catch (error) {
      notify.error(errorMessage(error, TREATMENT_LOG_MESSAGES.saveFailed));
      return;
    }
    setSubmitted(true);
    if (!checked.success || implantProblems.length > 0 || !userId) return;
    setSaved(null);
    const form: ChairForm = { chartNumber, chosen, lines, caseNote, fromPms };
    const treatments = chosen.map((t) => t.name).join(', ');
    const key = idempotencyKey;
    const handed: NewChairEntry = fromPms
      ? {
          kind: 'pms-confirm',
          key,
          userId,
          label: `${waitingVisitLabel(fromPms)}: ${treatments}`,
          body: { procedure_ids: fromPms.procedures.map((p) => p.id), products: checked.data.products, idempotency_key: key },
          waiting: fromPms,
          form,
        }
      : { kind: 'visit', key, userId, label: `${chartNumber.trim()}: ${treatments}`, body: checked.data, clips: clips.map((clip) => clip.blob), form };
    const online = navigator.onLine;
    // Set before the entry goes in: its answer may come before the write's promise settles here.
    answering.current = online ? key : null;
    // The form is free for the next patient at the tap (issue 52: a tap answers within 100 ms), online
    // or not: the visit is in hand, kept on the device in a moment, then sent; the server's answer
    // comes on its own ("Procedure saved", or a refused visit back in the form).
    resetForm();
    if (online) setSending(handed);
    else notify.info(TREATMENT_LOG_MESSAGES.queued);
    setQueuing(true);
    try {
      await queueEntry(handed);
    } catch (error) {
      // The device would not keep it (storage full or blocked): the visit goes back into the form.
      answering.current = null;
      setSending(null);
      fixRefused(handed);
      setFixing(null);
      notify.error(errorMessage(error, TREATMENT_LOG_MESSAGES.saveFailed));
      return;
    } finally {
      setQueuing(false);
    }
    if (!online) return;
    setTimeout(() => {
      if (answering.current !== key) return;
      // No answer yet: it shows in "Not sent yet", which the outbox keeps up to date.
      answering.current = null;
      setSending(null);
      notify.info(TREATMENT_LOG_MESSAGES.queued);
    }, ANSWER_WAIT_MS);
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
      <KeptNotice />
      {/* The visit just saved is said below until its answer comes (ANSWER_WAIT_MS at most), not listed twice. */}
      <NotSentPanel entries={sending ? notSent.filter((e) => e.key !== sending.key) : notSent} editing={fixing?.key ?? null} onEdit={fixRefused} />
      <WaitingProcedures editing={fromPms} onEdit={(visit) => { void editWaiting(visit); }} />
      {fixing && !fromPms ? (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={resetForm} sx={{ minHeight: 44 }}>
              Cancel
            </Button>
          }
        >
          {`Fixing ${fixing.label}, which was not sent: saving sends it again.`}
        </Alert>
      ) : null}
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
      {sending ? (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {`Sending the visit of ${sending.label}…`}
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
      <Box component="fieldset" disabled={queuing} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
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
          <ClipRecorder recorder={recorder} clips={clips} onAdd={addClip} onRemove={removeClip} locked={queuing}>
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
          <Button variant="outlined" startIcon={<MicOutlined />} onClick={() => { setRecording(true); }}>
            Add Recording
          </Button>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={queuing || recorder.state !== 'idle'}>
          {fromPms ? 'Record procedures' : 'Save procedure'}
        </Button>
      </Stack>
      <DiscardGuard when={inProgress && !queuing} />
    </Box>
  );
}
