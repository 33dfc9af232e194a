import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MonthlyProductionSchema, PRODUCTION_IMPORT_COLUMNS } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { CsvFileButton, useCsvImport } from '../../../components/upload/csv-import-card';
import { UploadProgress } from '../../../components/upload/upload-progress';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { todayIso } from '../../../lib/format';
import { useImportProduction, useSetMonthlyProduction } from '../api/pms-api';

const thisMonth = () => todayIso().slice(0, 7);

/**
 * Production for the supply-share report (issue 36), when the procedures' fees are not the whole of
 * it: a month's figure typed from the practice system's month-end report, or its production per day
 * as a CSV. A typed month wins over its days; a day's figure over that day's fees.
 */
export function ProductionCard() {
  const notify = useNotify();
  const save = useSetMonthlyProduction();
  const run = useImportProduction();
  // The days' file is the shared import's upload, shown inside this card under the typed month.
  const { upload, uploading, result, choose } = useCsvImport({
    kind: 'production_csv_import',
    importFile: run.mutateAsync,
    notice: (answer) => `${String(answer.imported)} ${answer.imported === 1 ? 'day' : 'days'} of production imported`,
    failure: 'Could not import the production',
  });
  const [month, setMonth] = useState(thisMonth);
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (clear: boolean) => {
    const parsed = MonthlyProductionSchema.safeParse({ month, amount: clear ? null : amount.trim() === '' ? undefined : Number(amount.replace(/[$,]/g, '')) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(clear ? 'Typed production cleared: the days count again' : 'Production saved');
        if (clear) setAmount('');
      },
      onError: (error) => { setErrors(error instanceof ApiError && error.errors.length > 0 ? Object.fromEntries(error.errors.map((e) => [e.field, e.message])) : { amount: errorMessage(error, 'Could not save the production') }); },
    });
  };
  const failed = result?.rows.filter((r) => r.status === 'failed') ?? [];

  return (
    <Paper component="section" aria-labelledby="production-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="production-title" variant="h2">
        Production
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The dashboard sets supply spend against production (6–10% is usual). Without more, production is the fees of the procedures completed; a month typed here, or a day from your system&apos;s export, takes their place.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' }, mb: 2 }}>
        <TextField label="Month" type="month" value={month} onChange={(e) => { setMonth(e.target.value); setErrors({}); }} error={Boolean(errors.month)} helperText={errors.month} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label="Production ($)" value={amount} onChange={(e) => { setAmount(e.target.value); setErrors({}); }} error={Boolean(errors.amount)} helperText={errors.amount ?? 'Gross production of the month'} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <Button variant="contained" onClick={() => { submit(false); }} loading={save.isPending} sx={{ minHeight: 44 }}>
          Save month
        </Button>
        <Button onClick={() => { submit(true); }} disabled={save.isPending} sx={{ minHeight: 44 }}>
          Clear month
        </Button>
      </Stack>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 220 }}>
          {`Or production per day from your system (.csv or .xlsx). Columns: ${PRODUCTION_IMPORT_COLUMNS.map((c) => c.header).join(', ')}.`}
        </Typography>
        <CsvFileButton kind="production_csv_import" fileLabel="production file" busy={uploading || run.isPending} onFile={(file) => { void choose(file); }} sx={{ minHeight: 44 }} />
      </Box>
      <Box sx={{ mt: upload.status === 'idle' ? 0 : 2 }}>
        <UploadProgress state={upload} />
      </Box>
      {result ? (
        <Alert severity={failed.length > 0 ? 'warning' : 'success'} sx={{ mt: 2 }}>
          {`${String(result.imported)} of ${String(result.total_rows)} rows imported.`}
          {failed.map((row) => ` Row ${String(row.row_number)}: ${row.reason ?? ''}.`).join('')}
        </Alert>
      ) : null}
    </Paper>
  );
}
