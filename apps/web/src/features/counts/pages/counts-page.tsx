import { useState } from 'react';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useQuery } from '@tanstack/react-query';
import { can } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { countsQueryOptions } from '../api/counts-api';
import { CountStatusChip } from '../components/count-status-chip';
import { StartCountDialog } from '../components/start-count-dialog';
import { formatAccuracy, formatVariance } from '../count-format';

const COLUMNS = [
  { key: 'scope', label: 'Count' },
  { key: 'status', label: 'Status' },
  { key: 'started', label: 'Started' },
  { key: 'counted', label: 'Lots counted', align: 'right' as const },
  { key: 'variance', label: 'Variance', align: 'right' as const },
  { key: 'accuracy', label: 'Accuracy', align: 'right' as const },
];

/**
 * Cycle counts of the location (issue 34): the history, newest first, and the count under way.
 * Location admins start counts; everyone who works with stock opens one to count.
 */
export function CountsPage() {
  const profile = useProfile();
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [starting, setStarting] = useState(false);
  const counts = useQuery(countsQueryOptions({ currentPage: pageState.page + 1, perPage: pageState.perPage }));
  const rows = counts.data?.results ?? [];
  const mayStart = can(profile.data?.permissions ?? {}, 'companies', 'update');
  const underWay = rows.some((c) => c.status === 'open' || c.status === 'submitted');

  return (
    <>
      <PageHeader
        title="Cycle counts"
        subtitle="Count the shelf, see what differs from the books, and put the differences right once approved."
        actions={
          mayStart ? (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => { setStarting(true); }} disabled={underWay} title={underWay ? 'Finish or cancel the count under way first' : undefined}>
              Start a count
            </Button>
          ) : undefined
        }
      />
      <PagedTable
        label="Cycle counts"
        columns={COLUMNS}
        total={counts.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={counts.isFetching}
        error={counts.isError ? errorMessage(counts.error, 'Could not load the counts.') : null}
        emptyText="No counts yet"
        rowCount={rows.length}
        minWidth={720}
      >
        {rows.map((count) => (
          <TableRow key={count.id} hover>
            <TableCell>
              <AppLink to={`/counts/${count.id}`}>{count.scope_label}</AppLink>
            </TableCell>
            <TableCell>
              <CountStatusChip status={count.status} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(count.started_at)}
              {count.started_by ? ` · ${count.started_by}` : ''}
            </TableCell>
            <TableCell align="right">
              {count.counted} of {count.lines}
            </TableCell>
            <TableCell align="right">{formatVariance(count.variance_units, count.variance_value)}</TableCell>
            <TableCell align="right">{formatAccuracy(count.accuracy)}</TableCell>
          </TableRow>
        ))}
      </PagedTable>
      {starting ? <StartCountDialog onClose={() => { setStarting(false); }} /> : null}
    </>
  );
}
