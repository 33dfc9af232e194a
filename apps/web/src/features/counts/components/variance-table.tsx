import { useState } from 'react';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import type { CountStatus } from '@clinic/domain';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDollars } from '../../../lib/format';
import { countLinesQueryOptions } from '../api/counts-api';
import { formatVarianceUnits } from '../count-format';

const signedDollars = (value: number) => (value === 0 ? formatDollars(0) : `${value > 0 ? '+' : '−'}${formatDollars(Math.abs(value))}`);

/**
 * A submitted or finished count, lot by lot: shelf against books, the difference in units and
 * dollars, and (once approved) what went on the books. "Differences only" hides the lots that matched.
 */
export function VarianceTable({ countId, status }: { countId: string; status: CountStatus }) {
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 25 });
  const [onlyDifferences, setOnlyDifferences] = useState(status !== 'canceled');
  const lines = useQuery(countLinesQueryOptions(countId, { currentPage: pageState.page + 1, perPage: pageState.perPage, ...(onlyDifferences ? { state: 'variance' as const } : {}) }));
  const rows = lines.data?.results ?? [];
  const columns = [
    { key: 'product', label: 'Product' },
    { key: 'lot', label: 'Lot' },
    { key: 'expiry', label: 'Expiry' },
    { key: 'place', label: 'Place' },
    { key: 'counted', label: 'Counted', align: 'right' as const },
    { key: 'books', label: 'Books', align: 'right' as const },
    { key: 'variance', label: 'Variance', align: 'right' as const },
    { key: 'value', label: 'Value', align: 'right' as const },
    ...(status === 'approved' ? [{ key: 'adjusted', label: 'Put on the books', align: 'right' as const }] : []),
  ];

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={onlyDifferences}
            onChange={(e) => {
              setOnlyDifferences(e.target.checked);
              setPageState((s) => ({ ...s, page: 0 }));
            }}
          />
        }
        label="Differences only"
        sx={{ mb: 1 }}
      />
      <PagedTable
        label="Variance by lot"
        columns={columns}
        total={lines.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={lines.isFetching}
        error={lines.isError ? errorMessage(lines.error, 'Could not load the lines.') : null}
        emptyText={onlyDifferences ? 'Every counted lot matched the books' : 'No lines'}
        rowCount={rows.length}
        minWidth={900}
      >
        {rows.map((line) => (
          <TableRow key={line.id} hover>
            <TableCell>
              {line.product_name}
              {line.is_found ? <Chip size="small" label="Found" color="info" variant="outlined" sx={{ ml: 1 }} /> : null}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.lot_number || '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.expiry_date)}</TableCell>
            <TableCell>{line.place_name ?? '—'}</TableCell>
            <TableCell align="right">{line.counted_units ?? 'Not counted'}</TableCell>
            <TableCell align="right">{line.expected_units ?? '—'}</TableCell>
            <TableCell align="right" sx={{ color: line.variance_units ? 'warning.main' : undefined, whiteSpace: 'nowrap' }}>
              {line.variance_units === null ? '—' : formatVarianceUnits(line.variance_units)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{line.variance_value === null ? '—' : signedDollars(line.variance_value)}</TableCell>
            {status === 'approved' ? <TableCell align="right">{line.adjusted_units === null ? '—' : formatVarianceUnits(line.adjusted_units)}</TableCell> : null}
          </TableRow>
        ))}
      </PagedTable>
    </>
  );
}
