import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductImportRow } from '@clinic/domain';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { importDetailQueryOptions, importKeys } from '../api/imports-api';
import { FixRowDialog } from './fix-row-dialog';
import { ImportStatusChip } from './import-status-chip';
import { ImportProgress } from './imports-table';

const COLUMNS = [
  { key: 'row', label: 'Row', align: 'right' as const },
  { key: 'name', label: 'Product Name' },
  { key: 'barcode', label: 'Barcode' },
  { key: 'status', label: 'Status' },
  { key: 'reason', label: 'Reason' },
  { key: 'actions', label: 'Actions', srOnly: true, align: 'right' as const },
];

type Filter = 'all' | 'failed' | 'succeeded';

/** One import: its progress, a file-level refusal if any, and every row with its outcome. */
export function ImportDetail({ importId }: { importId: string }) {
  const [filter, setFilter] = useState<Filter>('failed');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [fixing, setFixing] = useState<ProductImportRow | null>(null);
  const detail = useQuery(importDetailQueryOptions(importId, { currentPage: pageState.page + 1, perPage: pageState.perPage, status: filter === 'all' ? undefined : filter }));
  const data = detail.data;
  const queryClient = useQueryClient();
  const status = data?.status;

  // When this import finishes, the list below shows it finished too, without waiting for its own poll.
  useEffect(() => {
    if (status === 'completed' || status === 'failed') void queryClient.invalidateQueries({ queryKey: [...importKeys.all, 'list'] });
  }, [status, queryClient]);

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} component="section" aria-label="Import details">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {data?.file_name ?? 'Import'}
        </Typography>
        {data ? <ImportStatusChip status={data.status} /> : null}
      </Box>
      {detail.isError ? <Alert severity="error">{errorMessage(detail.error, 'Could not load the import.')}</Alert> : null}
      {data ? (
        <>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            <ImportProgress item={data} />
            <Typography>
              <strong>{data.succeeded_rows}</strong> imported
            </Typography>
            <Typography color={data.failed_rows > 0 ? 'error' : undefined}>
              <strong>{data.failed_rows}</strong> need fixing
            </Typography>
          </Box>
          {data.resumed ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              Resumed after the server restarted: {data.resumed.after_rows} of {data.total_rows} rows were already done, and the import went on from there.
            </Alert>
          ) : null}
          {data.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              The file was not imported: {data.error}
            </Alert>
          ) : null}
          <ToggleButtonGroup
            exclusive
            size="small"
            value={filter}
            aria-label="Rows to show"
            onChange={(_event, value: Filter | null) => {
              if (!value) return;
              setFilter(value);
              setPageState((s) => ({ ...s, page: 0 }));
            }}
            sx={{ mb: 2 }}
          >
            <ToggleButton value="failed">Need fixing</ToggleButton>
            <ToggleButton value="succeeded">Imported</ToggleButton>
            <ToggleButton value="all">All rows</ToggleButton>
          </ToggleButtonGroup>
          <PagedTable
            label="Import rows"
            columns={COLUMNS}
            total={data.rows.total}
            pageState={pageState}
            onPageStateChange={setPageState}
            loading={detail.isFetching}
            error={null}
            emptyText={filter === 'failed' ? 'No rows need fixing' : 'No rows'}
            rowCount={data.rows.results.length}
            minWidth={760}
          >
            {data.rows.results.map((row) => (
              <TableRow key={row.id}>
                <TableCell align="right">{row.row_number}</TableCell>
                <TableCell>{row.data.name ?? '—'}</TableCell>
                <TableCell>{row.data.barcode ?? '—'}</TableCell>
                <TableCell>{row.status === 'succeeded' ? 'Imported' : 'Failed'}</TableCell>
                <TableCell sx={{ color: 'error.main', maxWidth: 360 }}>{row.reason ?? ''}</TableCell>
                <TableCell align="right">
                  {row.status === 'failed' ? (
                    <Button size="small" onClick={() => { setFixing(row); }} aria-label={`Fix row ${String(row.row_number)}`}>
                      Fix
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </PagedTable>
        </>
      ) : null}
      {fixing ? <FixRowDialog key={fixing.id} row={fixing} onClose={() => { setFixing(null); }} /> : null}
    </Paper>
  );
}
