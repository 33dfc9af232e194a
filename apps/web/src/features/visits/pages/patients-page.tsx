import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { can, PATIENTS_PAGE_SIZE, REPORT_MESSAGES } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { DateRangePicker } from '../../../components/date-range-picker';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { isBackwards, rangeChoice, rangeOf } from '../../../lib/date-range';
import { formatDate, formatDollars } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { patientsQueryOptions } from '../api/visits-api';
import { CaseNotesActions } from '../components/case-notes-actions';

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
  const [choice, setChoice] = useState(() => rangeChoice('this_year'));
  const [page, setPage] = useState(0);
  // Either side may stay open here: the patients list takes a start or an end alone.
  const range = rangeOf(choice.preset, choice.custom);
  const backwards = isBackwards(range);
  const patients = useQuery({ ...patientsQueryOptions({ search: term, start: range.start, end: range.end }, page + 1, PATIENTS_PAGE_SIZE), enabled: !backwards });
  const rows = patients.data?.results ?? [];
  const totals = patients.data?.totals;
  const canEdit = can(useProfile().data?.permissions ?? {}, 'treatmentLogs', 'update');

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
      <Box data-tour="patient-history" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <SearchField
          label="Search chart number"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
        <DateRangePicker
          value={choice}
          onChange={(next) => {
            setChoice(next);
            setPage(0);
          }}
          error={backwards ? REPORT_MESSAGES.startAfterEnd : null}
        />
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
              <AppLink to={`/patients/${patient.id}`}>{patient.patient_chart_number}</AppLink>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(patient.last_visit)}</TableCell>
            <TableCell align="right">{formatDollars(patient.last_visit_cost)}</TableCell>
            <TableCell align="right">{patient.total_visits}</TableCell>
            <TableCell align="right">{formatDollars(patient.life_time_cost)}</TableCell>
            <TableCell>
              <CaseNotesActions patient={patient} canEdit={canEdit} />
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </>
  );
}
