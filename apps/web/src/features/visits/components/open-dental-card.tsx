import { useState } from 'react';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { openDentalPatient, PMS_MESSAGES, SavePmsConnectionSchema, TestPmsConnectionSchema, type PmsConnection, type PmsConnectionTest } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { pmsConnectionQueryOptions, useSavePmsConnection, useSyncPmsConnection, useTestPmsConnection } from '../api/pms-api';

type Errors = Record<string, string>;
const issuesOf = (issues: { path: PropertyKey[]; message: string }[]): Errors => Object.fromEntries(issues.map((i) => [String(i.path[0]), i.message]));
const fieldErrors = (error: unknown, fallbackField: string, fallback: string): Errors => {
  const fields = error instanceof ApiError ? error.errors : [];
  return fields.length > 0 ? Object.fromEntries(fields.map((f) => [f.field, f.message])) : { [fallbackField]: errorMessage(error, fallback) };
};
const TOUCH = { minHeight: 44 };
const CLINIC_NUMBER = 'Use the clinic number Open Dental shows, or leave it empty';

/**
 * Settings > Practice system: the location's link to Open Dental (issue 36). The keys are written
 * here and never shown again ("Saved"); Test connection tries what the form holds; the sync's last
 * run, success and error come from the server as it runs every 5 minutes, or at once on Sync now.
 */
export function OpenDentalCard() {
  const connection = useQuery(pmsConnectionQueryOptions());
  return (
    <Paper component="section" aria-labelledby="open-dental-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="open-dental-title" variant="h2">
        Connect Open Dental
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Procedures completed in Open Dental come in every 5 minutes and wait at the chair, or take their trays from stock at once. Another practice system? Import its daily export below.
      </Typography>
      {connection.isPending ? (
        <CircularProgress size={28} aria-label="Loading the Open Dental connection" />
      ) : connection.isError ? (
        <Alert severity="error">{errorMessage(connection.error, 'Could not load the Open Dental connection')}</Alert>
      ) : (
        <ConnectionForm saved={connection.data} />
      )}
    </Paper>
  );
}

function ConnectionForm({ saved }: { saved: PmsConnection }) {
  const notify = useNotify();
  const save = useSavePmsConnection();
  const test = useTestPmsConnection();
  const [baseUrl, setBaseUrl] = useState(saved.base_url ?? '');
  const [clinic, setClinic] = useState(saved.clinic_num === null ? '' : String(saved.clinic_num));
  const [developerKey, setDeveloperKey] = useState('');
  const [customerKey, setCustomerKey] = useState('');
  const [enabled, setEnabled] = useState(saved.enabled);
  const [takeStock, setTakeStock] = useState(saved.take_stock_on_complete);
  const [usePatientNumber, setUsePatientNumber] = useState(saved.use_patient_number);
  const [recheckDays, setRecheckDays] = useState(String(saved.recheck_days));
  const [errors, setErrors] = useState<Errors>({});
  const [tested, setTested] = useState<PmsConnectionTest | null>(null);
  const edited = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setErrors({});
  };
  // A key left empty keeps the saved one.
  const keys = { developer_key: developerKey.trim() || undefined, customer_key: customerKey.trim() || undefined };

  const submit = () => {
    if (!/^\d*$/.test(clinic.trim())) {
      setErrors({ clinic_num: CLINIC_NUMBER });
      return;
    }
    const parsed = SavePmsConnectionSchema.safeParse({
      base_url: baseUrl,
      clinic_num: clinic.trim() === '' ? null : Number(clinic),
      ...keys,
      enabled,
      take_stock_on_complete: takeStock,
      use_patient_number: usePatientNumber,
      recheck_days: /^\d+$/.test(recheckDays.trim()) ? Number(recheckDays) : NaN,
    });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        setDeveloperKey('');
        setCustomerKey('');
        notify.success(PMS_MESSAGES.connectionSaved);
      },
      onError: (error) => { setErrors(fieldErrors(error, 'base_url', 'Could not save the connection')); },
    });
  };

  const tryIt = () => {
    const parsed = TestPmsConnectionSchema.safeParse({ base_url: baseUrl, ...keys });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setTested(null);
    test.mutate(parsed.data, { onSuccess: setTested, onError: (error) => { setErrors(fieldErrors(error, 'developer_key', 'Could not test the connection')); } });
  };

  const keyHelp = (name: string, where: string) => errors[name] ?? (saved.has_keys ? 'Saved (never shown). Type a new key to replace it.' : where);
  return (
    <form noValidate onSubmit={(event) => { event.preventDefault(); submit(); }}>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TextField label="Open Dental address" value={baseUrl} onChange={edited(setBaseUrl)} error={Boolean(errors.base_url)} helperText={errors.base_url ?? "Open Dental's own API unless your practice says otherwise"} slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }} />
        <TextField
          label="Clinic number (optional)"
          value={clinic}
          onChange={edited(setClinic)}
          error={Boolean(errors.clinic_num)}
          helperText={errors.clinic_num ?? "This location's clinic in Open Dental; empty when the practice does not use clinics"}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField label="Developer key" type="password" autoComplete="new-password" placeholder={saved.has_keys ? 'Saved' : undefined} value={developerKey} onChange={edited(setDeveloperKey)} error={Boolean(errors.developer_key)} helperText={keyHelp('developer_key', 'From your Open Dental developer (or integrator) account')} />
        <TextField label="Customer key" type="password" autoComplete="new-password" placeholder={saved.has_keys ? 'Saved' : undefined} value={customerKey} onChange={edited(setCustomerKey)} error={Boolean(errors.customer_key)} helperText={keyHelp('customer_key', 'In Open Dental: Setup, Advanced Setup, API')} />
        <FormControlLabel control={<Switch checked={enabled} onChange={(e) => { setEnabled(e.target.checked); setErrors({}); }} />} label="Sync completed procedures" />
        <FormControlLabel control={<Switch checked={takeStock} onChange={(e) => { setTakeStock(e.target.checked); }} />} label="Take stock when a procedure is completed" />
        <Box>
          <FormControlLabel
            control={<Switch checked={usePatientNumber} onChange={(e) => { setUsePatientNumber(e.target.checked); }} />}
            label="Use Open Dental's patient number for a patient without a chart number"
          />
          <Typography variant="body2" color="text.secondary">
            {usePatientNumber
              ? `Such a patient is filed as "${openDentalPatient('9002')}", never under one of your chart numbers.`
              : 'Off: their procedures wait at the chair until someone picks the patient.'}
          </Typography>
        </Box>
        <TextField
          label="Check recorded procedures again for (days)"
          value={recheckDays}
          onChange={edited(setRecheckDays)}
          error={Boolean(errors.recheck_days)}
          helperText={errors.recheck_days ?? 'Each night, procedures recorded in these last days are read again from Open Dental: one deleted or changed there gives its stock back'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={tryIt} loading={test.isPending} sx={TOUCH}>
            Test connection
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} sx={TOUCH}>
            Save
          </Button>
        </Box>
        {tested ? <TestAnswer answer={tested} onChoose={(num) => { setClinic(String(num)); }} /> : null}
        <SyncState saved={saved} />
      </Stack>
    </form>
  );
}

/** The clinics Open Dental answered (one tap puts a clinic's number in the form), or its refusal. */
function TestAnswer({ answer, onChoose }: { answer: PmsConnectionTest; onChoose: (clinicNum: number) => void }) {
  if (!answer.ok) return <Alert severity="error">{answer.message}</Alert>;
  if (answer.clinics.length === 0) return <Alert severity="success">Connected. The practice does not use clinics: leave the clinic number empty.</Alert>;
  return (
    <Alert severity="success">
      Connected. Choose this location&apos;s clinic:
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {answer.clinics.map((c) => (
          <Button key={c.clinic_num} size="small" variant="outlined" onClick={() => { onChoose(c.clinic_num); }} sx={TOUCH}>
            {`${String(c.clinic_num)} · ${c.name}`}
          </Button>
        ))}
      </Box>
    </Alert>
  );
}

/** How the sync last ran, and Sync now: the saved connection's run while the admin waits (the form's unsaved edits play no part). */
function SyncState({ saved }: { saved: PmsConnection }) {
  const notify = useNotify();
  const sync = useSyncPmsConnection();
  const syncNow = () => {
    sync.mutate(undefined, {
      // A run that failed answers too: its error shows below, as the scheduled runs' do.
      onSuccess: (connection) => { if (!connection.last_error) notify.success(PMS_MESSAGES.synced); },
    });
  };
  return (
    <Box component="section" aria-label="Sync status">
      <Typography variant="body2">{`Last run: ${saved.last_run_at ? formatDateTime(saved.last_run_at) : 'not yet'}`}</Typography>
      <Typography variant="body2">{`Last success: ${saved.last_success_at ? formatDateTime(saved.last_success_at) : 'not yet'}`}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 1 }}>
        <Button variant="outlined" startIcon={<SyncOutlined />} onClick={syncNow} loading={sync.isPending} loadingPosition="start" sx={TOUCH}>
          Sync now
        </Button>
        {sync.isPending ? (
          <Typography variant="body2" color="text.secondary" role="status">
            Reading what changed in Open Dental…
          </Typography>
        ) : null}
      </Box>
      {sync.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(sync.error, 'Could not run the sync')}
        </Alert>
      ) : saved.last_error ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {saved.last_error}
        </Alert>
      ) : null}
    </Box>
  );
}
