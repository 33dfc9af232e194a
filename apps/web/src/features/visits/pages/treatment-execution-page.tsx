import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { ChartNumberSchema, CreateTreatmentLogRequestSchema, TREATMENT_LOG_MESSAGES, type TreatmentLog } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { useNotify } from '../../../components/notifications/use-notify';
import { formatDollars } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { patientsQueryOptions, useSaveVisit } from '../api/visits-api';
import { mergeTray, visitRequestOf, type TrayLine, type TreatmentChoice } from '../tray';
import { saveFailure } from '../save-failure';
import { DiscardGuard } from '../components/discard-guard';
import { TrayEditor } from '../components/tray-editor';
import { TreatmentsField } from '../components/treatments-field';

/**
 * /treatment-execution and /treatment-execution/{patient_name}: at the chair, the patient's chart
 * number, the treatments performed and their tray, each quantity editable, saved as one visit.
 */
export function TreatmentExecutionPage() {
  const { patient_name: patientName = '' } = useParams();
  const notify = useNotify();
  const save = useSaveVisit();
  const [chartNumber, setChartNumber] = useState(patientName);
  const chartSearch = useDebouncedValue(chartNumber, 250);
  const patients = useQuery(patientsQueryOptions({ search: chartSearch }, 1));
  const [chosen, setChosen] = useState<TreatmentChoice[]>([]);
  const [lines, setLines] = useState<TrayLine[]>([]);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<TreatmentLog | null>(null);

  const inProgress = chosen.length > 0 || lines.length > 0;

  const request = visitRequestOf(chartNumber, chosen, lines, idempotencyKey);
  const parsed = CreateTreatmentLogRequestSchema.safeParse(request);
  const issue = (path: string) => (submitted && !parsed.success ? parsed.error.issues.find((i) => i.path.join('.') === path)?.message : undefined);
  const chartError = submitted ? (ChartNumberSchema.safeParse(chartNumber).error?.issues[0]?.message ?? undefined) : undefined;

  const chooseTreatments = (next: TreatmentChoice[]) => {
    setChosen(next);
    setLines((current) => mergeTray(current, next));
  };

  const submit = () => {
    setSubmitted(true);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: (visit) => {
        notify.success(TREATMENT_LOG_MESSAGES.saved);
        setSaved(visit);
        setChosen([]);
        setLines([]);
        setSubmitted(false);
        setIdempotencyKey(crypto.randomUUID());
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
      <PageHeader title="Execute treatment" subtitle="The patient, the treatments performed and what the tray used." />
      {saved ? (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={`/patients/${saved.patient.id}`}>
              Open history
            </Button>
          }
          onClose={() => { setSaved(null); }}
        >
          {`Visit of ${saved.patient.patient_chart_number} saved: ${formatDollars(saved.total_cost)}.`}
        </Alert>
      ) : null}
      <Paper data-tour="execute" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '260px 1fr' } }}>
          <Autocomplete
            freeSolo
            options={(patients.data?.results ?? []).map((p) => p.patient_chart_number)}
            inputValue={chartNumber}
            onInputChange={(_e, value) => { setChartNumber(value); }}
            renderInput={(params) => <TextField {...params} label="Patient chart number" required error={Boolean(chartError)} helperText={chartError} />}
          />
          <TreatmentsField value={chosen} onChange={chooseTreatments} error={issue('treatments')} />
        </Box>
      </Paper>

      <TrayEditor lines={lines} onChange={setLines} treatments={chosen} issue={issue} hint="Units come from the lot that expires first unless you name one. Change a quantity to what was really used." />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" loading={save.isPending}>
          Save procedure
        </Button>
      </Stack>
      <DiscardGuard when={inProgress && !save.isPending} />
    </Box>
  );
}
