import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PATIENTS_PAGE_SIZE, TREATMENT_LOG_MESSAGES } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDollars } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { patientsQueryOptions } from '../api/visits-api';
import { rangeOf, RANGE_PRESETS, type RangePreset } from '../date-range';

const COLUMNS = [
  { key: 'chart', label: 'Patient chart no' },
  { key: 'last', label: 'Last visit' },
  { key: 'lastCost', label: 'Last visit cost', align: 'right' as const },
  { key: 'visits', label: 'Total visits', align: 'right' as const },
  { key: 'lifetime', label: 'Life time cost', align: 'right' as const },
  { key: 'notes', label: 'Case notes' },
];

function SummaryCard({ label, value }: { label: string; value: string }) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h2" component="p" aria-label={label}>
        {value}
      </Typography>
    </Paper>
  );
}

/** /patients (Patient history): visit summaries per chart number within a date range. */
export function PatientsPage() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 250);
  const [preset, setPreset] = useState<RangePreset>('this_year');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [page, setPage] = useState(0);
  const range = rangeOf(preset, custom);
  const backwards = preset === 'custom' && custom.from !== '' && custom.to !== '' && custom.from > custom.to;
  const patients = useQuery({ ...patientsQueryOptions({ search: term, start: range.start, end: range.end }, page + 1, PATIENTS_PAGE_SIZE), enabled: !backwards });
  const rows = patients.data?.results ?? [];
  const totals = patients.data?.totals;

  return (
    <>
      <PageHeader
        title="Patient history"
        subtitle="Voice notes can take a few minutes to become case notes after a visit."
        actions={
          <Button variant="outlined" startIcon={<TravelExploreOutlined />} component={RouterLink} to="/recall">
            Trace a lot
          </Button>
        }
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <SearchField
          label="Search chart number"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
        <TextField
          select
          size="small"
          label="Date range"
          value={preset}
          onChange={(e) => {
            setPreset(e.target.value as RangePreset);
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          {RANGE_PRESETS.map((p) => (
            <MenuItem key={p.value} value={p.value}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        {preset === 'custom' ? (
          <>
            <TextField size="small" type="date" label="From" value={custom.from} onChange={(e) => { setCustom((c) => ({ ...c, from: e.target.value })); }} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField
              size="small"
              type="date"
              label="To"
              value={custom.to}
              onChange={(e) => { setCustom((c) => ({ ...c, to: e.target.value })); }}
              error={backwards}
              helperText={backwards ? 'The start date cannot go after the end date' : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </>
        ) : null}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mb: 2 }}>
        <SummaryCard label="Patients" value={String(totals?.patients ?? 0)} />
        <SummaryCard label="Visits" value={String(totals?.visits ?? 0)} />
        <SummaryCard label="Life time cost" value={formatDollars(totals?.life_time_cost ?? 0)} />
      </Box>
      <PagedTable
        label="Patients"
        columns={COLUMNS}
        total={patients.data?.total ?? 0}
        pageState={{ page, perPage: PATIENTS_PAGE_SIZE }}
        onPageStateChange={(next) => { setPage(next.page); }}
        rowsPerPageOptions={[PATIENTS_PAGE_SIZE]}
        loading={patients.isFetching}
        error={patients.isError ? errorMessage(patients.error, 'Could not load the patients.') : null}
        emptyText="No visits in this range."
        rowCount={rows.length}
        minWidth={720}
      >
        {rows.map((patient) => (
          <TableRow key={patient.id} hover>
            <TableCell>
              <RouterLink to={`/patients/${patient.id}`}>{patient.patient_chart_number}</RouterLink>
            </TableCell>
            <TableCell>{formatDate(patient.last_visit)}</TableCell>
            <TableCell align="right">{formatDollars(patient.last_visit_cost)}</TableCell>
            <TableCell align="right">{patient.total_visits}</TableCell>
            <TableCell align="right">{formatDollars(patient.life_time_cost)}</TableCell>
            <TableCell>
              {patient.last_visit_treatment_log_transcription_job_status === 'in_progress' ? (
                TREATMENT_LOG_MESSAGES.inProgress
              ) : (
                <RouterLink to={`/patients/${patient.id}`} aria-label={`Case notes of ${patient.patient_chart_number}`}>
                  View
                </RouterLink>
              )}
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </>
  );
}
