import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { AppLink } from '../../../components/link';
import { tableCardsSx } from '../../../components/table-cards-sx';
import { displayCell, type ReportColumn } from '../report-table';

interface ReportTableViewProps<T> {
  /** The table's accessible name: the chart's title, so the table stands in for the chart. */
  label: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}

/** A report's rows as a table: the chart's accessible view, and what its CSV export holds. */
export function ReportTableView<T>({ label, columns, rows, rowKey }: ReportTableViewProps<T>) {
  return (
    // A year of days is 365 rows: the table scrolls inside the card, its header staying in view.
    // Wide lists (more than three columns) become cards on phones rather than scroll sideways.
    <TableContainer sx={[{ maxHeight: 360, overflow: 'auto', position: 'relative' }, columns.length > 3 && tableCardsSx(columns)]}>
      <Table size="small" stickyHeader aria-label={label} sx={{ minWidth: columns.length > 3 ? 600 : undefined }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.kind === 'money' || c.kind === 'number' ? 'right' : 'left'}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c, index) => {
                const text = displayCell(c.kind, c.value(row));
                return (
                  // The row's name (first column) may wrap; figures, days and lot numbers never break.
                  <TableCell key={c.label} align={c.kind === 'money' || c.kind === 'number' ? 'right' : 'left'} sx={index > 0 ? { whiteSpace: 'nowrap' } : undefined}>
                    {c.href ? <AppLink to={c.href(row)}>{text}</AppLink> : text}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
