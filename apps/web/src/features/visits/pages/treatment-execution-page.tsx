import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useBlocker, useParams } from 'react-router';
import { ChartNumberSchema, CreateTreatmentLogRequestSchema, STOCK_MESSAGES, TREATMENT_LOG_MESSAGES, type Treatment, type TreatmentLog } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ProductSearchPicker, type ProductOption } from '../../../components/product-search-picker';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { formatDollars } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { patientsQueryOptions, treatmentChoicesQueryOptions, useSaveVisit } from '../api/visits-api';
import { estimatedCost, mergeTray, visitRequestOf, type TrayLine } from '../tray';
import { LotPicker } from '../components/lot-picker';

/** Spec section 8: a stock failure names its product; anything else is the generic tray message. */
function saveFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return error.message;
  return errorMessage(error, STOCK_MESSAGES.trayIssue);
}

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
  const [treatmentInput, setTreatmentInput] = useState('');
  const treatmentSearch = useDebouncedValue(treatmentInput, 250);
  const choices = useQuery(treatmentChoicesQueryOptions(treatmentSearch));
  const [chosen, setChosen] = useState<Treatment[]>([]);
  const [lines, setLines] = useState<TrayLine[]>([]);
  const [extra, setExtra] = useState<ProductOption | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState<TreatmentLog | null>(null);

  // Spec section 2: leaving a procedure in progress asks first.
  const inProgress = chosen.length > 0 || lines.length > 0;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => inProgress && !save.isPending && currentLocation.pathname !== nextLocation.pathname);

  const request = visitRequestOf(chartNumber, chosen, lines, idempotencyKey);
  const parsed = CreateTreatmentLogRequestSchema.safeParse(request);
  const issue = (path: string) => (submitted && !parsed.success ? parsed.error.issues.find((i) => i.path.join('.') === path)?.message : undefined);
  const chartError = submitted ? (ChartNumberSchema.safeParse(chartNumber).error?.issues[0]?.message ?? undefined) : undefined;

  const chooseTreatments = (next: Treatment[]) => {
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
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '260px 1fr' } }}>
          <Autocomplete
            freeSolo
            options={(patients.data?.results ?? []).map((p) => p.patient_chart_number)}
            inputValue={chartNumber}
            onInputChange={(_e, value) => { setChartNumber(value); }}
            renderInput={(params) => <TextField {...params} label="Patient chart number" required error={Boolean(chartError)} helperText={chartError} />}
          />
          <Autocomplete
            multiple
            options={choices.data ?? []}
            value={chosen}
            onChange={(_e, next) => { chooseTreatments(next); }}
            inputValue={treatmentInput}
            onInputChange={(_e, value) => { setTreatmentInput(value); }}
            filterOptions={(all) => all}
            getOptionLabel={(t) => `${t.treatment_code} · ${t.name}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText="No treatments found. Design them under Treatments, Design."
            renderInput={(params) => <TextField {...params} label="Treatments" error={Boolean(issue('treatments'))} helperText={issue('treatments')} />}
          />
        </Box>
      </Paper>

      <Paper component="section" aria-labelledby="tray-title" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography id="tray-title" variant="h2">
            Tray
          </Typography>
          <Typography sx={{ fontWeight: 600 }} aria-label="Estimated cost of the visit">
            {`Estimated ${formatDollars(estimatedCost(lines))}`}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Units come from the lot that expires first unless you name one. Change a quantity to what was really used.
        </Typography>
        {lines.length === 0 ? (
          <Typography color="text.secondary">Choose treatments to fill the tray.</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {lines.map((line, index) => {
              const treatment = chosen.find((t) => t.id === line.treatmentId);
              return (
                <Box component="li" key={line.key} aria-label={line.productName} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', pb: 1 }}>
                  <Box sx={{ flex: 1, minWidth: 200, pt: 0.5 }}>
                    <Typography>{line.productName}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {treatment ? treatment.treatment_code : 'Added at the chair'}
                      {line.unitPrice === null ? ' · not in stock' : ` · ${formatDollars(line.unitPrice, 5)} a unit`}
                    </Typography>
                  </Box>
                  <TextField
                    size="small"
                    type="number"
                    label="Units"
                    value={line.quantity}
                    onChange={(e) => { setLines((all) => all.map((l) => (l.key === line.key ? { ...l, quantity: e.target.value } : l))); }}
                    onKeyDown={blockNonNumericKeys}
                    error={Boolean(issue(`products.${String(index)}.quantity`))}
                    helperText={issue(`products.${String(index)}.quantity`)}
                    slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
                    sx={{ width: 120 }}
                  />
                  <LotPicker productId={line.productId} value={line.stockId} onChange={(stockId) => { setLines((all) => all.map((l) => (l.key === line.key ? { ...l, stockId } : l))); }} />
                  <IconButton aria-label={`Remove ${line.productName} from the tray`} onClick={() => { setLines((all) => all.filter((l) => l.key !== line.key)); }}>
                    <DeleteOutlined />
                  </IconButton>
                </Box>
              );
            })}
          </Stack>
        )}
        <Box sx={{ mt: 2 }}>
          <ProductSearchPicker
            value={extra}
            label="Add a product used at the chair"
            exclude={new Set(lines.filter((l) => l.treatmentId === null).map((l) => l.productId))}
            onChange={(product) => {
              setExtra(null);
              if (product) setLines((all) => [...all, { key: `extra:${product.id}`, treatmentId: null, productId: product.id, productName: product.name, quantity: '1', unitPrice: null }]);
            }}
          />
        </Box>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" loading={save.isPending}>
          Save procedure
        </Button>
      </Stack>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Discard procedure"
        message={TREATMENT_LOG_MESSAGES.discardConfirm}
        confirmLabel="Discard"
        destructive
        onConfirm={() => { blocker.proceed?.(); }}
        onClose={() => { blocker.reset?.(); }}
      />
    </Box>
  );
}
