import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProductImport } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { ImportStatusChip } from './import-status-chip';

const COLUMNS = [
  { key: 'file', label: 'File' },
  { key: 'started', label: 'Started' },
  { key: 'status', label: 'Status' },
  { key: 'progress', label: 'Progress' },
  { key: 'imported', label: 'Imported', align: 'right' as const },
  { key: 'failed', label: 'Failed', align: 'right' as const },
];

/** Rows checked so far out of the file's rows, as a bar with its numbers. */
export function ImportProgress({ item }: { item: ProductImport }) {
  const percent = item.total_rows === 0 ? (item.status === 'completed' ? 100 : 0) : Math.round((item.processed_rows / item.total_rows) * 100);
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant={item.status === 'queued' ? 'indeterminate' : 'determinate'}
        value={percent}
        color={item.status === 'failed' ? 'error' : 'primary'}
        aria-label={`Import progress ${item.file_name}`}
      />
      <Typography variant="caption" color="text.secondary">
        {item.processed_rows} of {item.total_rows} rows
      </Typography>
    </Box>
  );
}

export function ImportsTable({ imports, total, pageState, onPageStateChange, loading, error }: {
  imports: ProductImport[];
  total: number;
  pageState: PageState;
  onPageStateChange: (next: PageState) => void;
  loading: boolean;
  error: string | null;
}) {
  return (
    <PagedTable label="Imports" columns={COLUMNS} total={total} pageState={pageState} onPageStateChange={onPageStateChange} loading={loading} error={error} emptyText="No imports yet" rowCount={imports.length} minWidth={720}>
      {imports.map((item) => (
        <TableRow key={item.id} hover>
          <TableCell>
            <AppLink to={`/import?id=${item.id}`} underline="hover" sx={{ fontWeight: 600 }}>
              {item.file_name}
            </AppLink>
          </TableCell>
          <TableCell>{formatDateTime(item.created_at)}</TableCell>
          <TableCell>
            <ImportStatusChip status={item.status} />
          </TableCell>
          <TableCell>
            <ImportProgress item={item} />
          </TableCell>
          <TableCell align="right">{item.succeeded_rows}</TableCell>
          <TableCell align="right">{item.failed_rows}</TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
