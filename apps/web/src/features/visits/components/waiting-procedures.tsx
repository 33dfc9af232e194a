import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { can, openDentalPatient, PMS_MESSAGES, TREATMENT_LOG_MESSAGES, type WaitingVisit } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProfile } from '../../../lib/profile';
import { usePickPmsPatient, useDismissProcedure, useProceduresRecorded, waitingVisitsQueryOptions } from '../api/pms-api';
import { patientsQueryOptions } from '../api/visits-api';
import { queueEntry } from '../../../lib/outbox/outbox-sender';
import { useOutboxEntries, useOutboxEvents, useOutboxUser } from '../../../lib/outbox/use-outbox';

/** Whom the visit is for: its chart number, or Open Dental's patient while nobody picked one (issue 50). */
/** The outbox's entries this list hides: visits confirmed here and not sent yet. */
const PMS_CONFIRM = ['pms-confirm'] as const;
const patientOf = (visit: WaitingVisit) => (visit.pms_patient === null ? visit.chart_number : openDentalPatient(visit.pms_patient));
export const waitingVisitLabel = (visit: WaitingVisit) => `${patientOf(visit)}, ${formatDate(visit.performed_on)}`;

/**
 * A visit whose patient has no chart number in Open Dental waits until someone picks the patient
 * here: one of the location's chart numbers (searched as at the chair), or a new one typed.
 */
function PickPatient({ visit, label }: { visit: WaitingVisit; label: string }) {
  const notify = useNotify();
  const pick = usePickPmsPatient();
  const [chart, setChart] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = useDebouncedValue(chart, 250);
  const patients = useQuery({ ...patientsQueryOptions({ search }, 1), enabled: search.trim().length > 0 });
  const submit = () => {
    pick.mutate(
      { procedureId: visit.procedures[0]!.id, chart_number: chart.trim() },
      {
        onSuccess: () => { notify.success(PMS_MESSAGES.patientPicked); },
        onError: (failure) => { setError(failure instanceof ApiError && failure.errors[0] ? failure.errors[0].message : errorMessage(failure, 'Could not pick the patient')); },
      },
    );
  };
  return (
    <Alert severity="info" sx={{ mb: 1 }}>
      {`${PMS_MESSAGES.chartMissingInPms(visit.pms_patient ?? '')}. ${PMS_MESSAGES.pickPatient}.`}
      <Box component="form" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1 }}>
        <Autocomplete
          freeSolo
          options={(patients.data?.results ?? []).map((p) => p.patient_chart_number)}
          inputValue={chart}
          onInputChange={(_e, value) => { setChart(value); setError(null); }}
          sx={{ minWidth: 220, flex: 1 }}
          renderInput={(params) => <TextField {...params} size="small" label={`Patient chart number for ${label}`} error={Boolean(error)} helperText={error} />}
        />
        <Button type="submit" variant="outlined" disabled={chart.trim() === '' || pick.isPending} sx={{ minHeight: 44 }}>
          Use this patient
        </Button>
      </Box>
    </Alert>
  );
}

/** The tray a waiting visit needs, summed per product, with what is usable here now. */
function trayNeeds(visit: WaitingVisit) {
  const needs = new Map<string, { name: string; quantity: number; usable: number }>();
  for (const item of visit.tray) {
    const need = needs.get(item.product_id) ?? { name: item.product_name, quantity: 0, usable: item.usable_units };
    need.quantity += item.quantity;
    needs.set(item.product_id, need);
  }
  return [...needs.values()];
}

/**
 * Procedures completed in the practice-management system, waiting at the chair (issue 36): a
 * patient's procedures of one day, with the tray their treatments need. One tap records the tray
 * as designed (through the chair's outbox, as Save procedure: kept on the device until sent); Edit
 * tray loads it into the form below to change lots and quantities.
 */
export function WaitingProcedures({ onEdit, editing }: { onEdit: (visit: WaitingVisit) => void; editing: WaitingVisit | null }) {
  const notify = useNotify();
  const profile = useProfile();
  const mayMap = can(profile.data?.permissions ?? {}, 'companies', 'update');
  const waiting = useQuery(waitingVisitsQueryOptions());
  const dismiss = useDismissProcedure();
  const userId = useOutboxUser();
  const recorded = useProceduresRecorded();
  // The taps made here: "kept on this device" is said once for each that has to wait.
  const tappedHere = useRef(new Set<string>());
  useOutboxEvents((event) => {
    if (event.entry.kind !== 'pms-confirm') return;
    if (event.kind === 'waiting') {
      if (tappedHere.current.delete(event.entry.key)) notify.info(TREATMENT_LOG_MESSAGES.queued);
      return;
    }
    tappedHere.current.delete(event.entry.key);
    if (event.kind !== 'sent') return;
    void recorded();
    notify.success(PMS_MESSAGES.confirmed);
  });
  // A visit confirmed here and not sent yet is in "Not sent yet": it is not offered twice.
  const queued = new Set(useOutboxEntries(PMS_CONFIRM).flatMap((entry) => entry.body.procedure_ids));
  const visits = (waiting.data?.visits ?? []).filter((visit) => !visit.procedures.every((p) => queued.has(p.id)));
  if (visits.length === 0) return null;

  const record = (visit: WaitingVisit) => {
    if (!userId) return;
    const key = crypto.randomUUID();
    const treatments = visit.procedures.flatMap((p) => (p.treatment ? [p.treatment.name] : [])).join(', ');
    // Offline it is said at once; online, only if the server cannot be reached (the 'waiting' event).
    if (navigator.onLine) tappedHere.current.add(key);
    queueEntry({ kind: 'pms-confirm', key, userId, label: `${waitingVisitLabel(visit)}: ${treatments}`, body: { procedure_ids: visit.procedures.map((p) => p.id), idempotency_key: key }, waiting: visit, form: null }).then(
      () => { if (!navigator.onLine) notify.info(TREATMENT_LOG_MESSAGES.queued); },
      (error: unknown) => { notify.error(errorMessage(error, 'Could not record the visit')); },
    );
  };
  const skip = (id: string) => {
    dismiss.mutate(id, { onSuccess: () => { notify.success(PMS_MESSAGES.dismissed); }, onError: (error) => { notify.error(errorMessage(error, 'Could not dismiss the procedure')); } });
  };

  return (
    <Box component="section" aria-labelledby="waiting-title" sx={{ mb: 3 }}>
      <Typography id="waiting-title" variant="h2" sx={{ mb: 1 }}>
        Waiting from the practice system
      </Typography>
      <Stack spacing={1.5}>
        {visits.map((visit) => {
          const needs = trayNeeds(visit);
          const short = needs.filter((n) => n.usable < n.quantity);
          const label = waitingVisitLabel(visit);
          return (
            <Paper key={`${visit.pms_patient ?? ''}|${visit.chart_number}|${visit.performed_on}`} component="article" aria-label={`Procedures of ${label}`} sx={{ p: 2, outline: editing === visit ? 2 : 0, outlineColor: 'primary.main' }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, mb: 1 }}>
                <Typography variant="h3" component="p">
                  {patientOf(visit)}
                </Typography>
                <Typography color="text.secondary">{formatDate(visit.performed_on)}</Typography>
              </Box>
              <Stack spacing={0.5} sx={{ mb: 1 }}>
                {visit.procedures.map((p) => (
                  <Box key={p.id} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                    <Chip size="small" label={p.code} />
                    <Typography variant="body2" sx={{ flex: 1, minWidth: 160 }}>
                      {p.treatment ? p.treatment.name : <Box component="span" sx={{ color: 'warning.dark' }}>{p.problem}</Box>}
                    </Typography>
                    <Button size="small" color="inherit" onClick={() => { skip(p.id); }} disabled={dismiss.isPending} aria-label={`Dismiss ${p.code} of ${label}`} sx={{ minHeight: 44 }}>
                      Dismiss
                    </Button>
                  </Box>
                ))}
              </Stack>
              {needs.length > 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Tray: {needs.map((n) => `${String(n.quantity)} × ${n.name}`).join(', ')}
                </Typography>
              ) : null}
              {short.length > 0 ? (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  Not enough on the shelf: {short.map((n) => `${n.name} (${String(n.usable)} usable, ${String(n.quantity)} needed)`).join(', ')}
                </Alert>
              ) : null}
              {visit.pms_patient !== null ? (
                <PickPatient visit={visit} label={label} />
              ) : !visit.ready ? (
                <Alert severity="info" sx={{ mb: 1 }}>
                  {PMS_MESSAGES.cannotRecord}.{' '}
                  {mayMap ? <AppLink to="/pms">Map procedure codes</AppLink> : 'Ask a location admin to map it.'}
                </Alert>
              ) : null}
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button variant="contained" disabled={!visit.ready || short.length > 0} onClick={() => { record(visit); }} aria-label={`Confirm tray of ${label}`} sx={{ minHeight: 44 }}>
                  Confirm tray
                </Button>
                <Button variant="outlined" disabled={!visit.ready} onClick={() => { onEdit(visit); }} aria-label={`Edit tray of ${label}`} sx={{ minHeight: 44 }}>
                  Edit tray
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
