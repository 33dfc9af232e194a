import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { formatTotal } from '../lib/format';
import { tableCardsSx } from './table-cards-sx';
import { LoadingBar } from './loading-bar';
import { useScrollTabStop } from './use-scroll-tab-stop';
import { visuallyHidden } from './visually-hidden';

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50];

export interface PageState {
  /** Zero-based, as MUI counts; the API's currentPage is this plus one. */
  page: number;
  perPage: number;
}

/** A column the server can sort the list by: its header is a button that asks for the next order. */
export interface ColumnSort {
  /** The list's order by this column now; false when the list is not sorted by it. */
  direction: 'asc' | 'desc' | false;
  onSort: () => void;
}

interface PagedTableProps {
  /** Accessible name of the table. */
  label: string;
  columns: { key: string; label: string; align?: 'left' | 'right' | 'center'; srOnly?: boolean; footerLabel?: string; sort?: ColumnSort }[];
  total: number;
  /**
   * The server counted only up to `total` and more match ("3,000+"): the last page is unknown, so
   * the next-page button stays enabled while a page comes back full.
   */
  totalIsCapped?: boolean;
  pageState: PageState;
  onPageStateChange: (next: PageState) => void;
  loading: boolean;
  /** Shown above the table when the list failed to load. */
  error?: string | null;
  emptyText: string;
  minWidth?: number;
  children: ReactNode;
  rowCount: number;
  /** Fixed-size grids (the spec's 5-row stock tables) pass a single option. */
  rowsPerPageOptions?: number[];
  /** A footer row (totals) under the rows. */
  footer?: ReactNode;
  /**
   * Half the cells' side padding from tablets to laptops, for tables with many columns that must
   * fit an 820 px tablet without scrolling sideways (the Stock Room); phones keep their cards.
   */
  dense?: boolean;
}

/** A server-paginated table; on phones its rows are cards (tableCardsSx), on wider screens it scrolls sideways rather than squash columns. */
export function PagedTable({
  label,
  columns,
  total,
  totalIsCapped = false,
  pageState,
  onPageStateChange,
  loading,
  error,
  emptyText,
  minWidth = 760,
  children,
  rowCount,
  rowsPerPageOptions = ROWS_PER_PAGE_OPTIONS,
  footer,
  dense = false,
}: PagedTableProps) {
  // Until the first page has answered there is nothing to page through, and the pagination drawn
  // under the empty table would be pushed down by the rows (a layout shift, Lighthouse's CLS on
  // /products: 0.058); it comes in under them instead.
  const answered = !loading || rowCount > 0 || Boolean(error);
  const scroller = useScrollTabStop();
  return (
    <Paper sx={{ overflow: 'hidden' }}>
      {error ? (
        <Alert severity="error" sx={{ borderRadius: 0 }}>
          {error}
        </Alert>
      ) : null}
      <LoadingBar loading={loading} />
      {/* relative: the visually hidden header text is absolutely positioned and must not widen the page */}
      <TableContainer ref={scroller} sx={[{ overflowX: 'auto', position: 'relative' }, tableCardsSx(columns)]}>
        <Table aria-label={label} size="small" sx={{ minWidth, ...(dense ? { '& .MuiTableCell-root': { px: { sm: 1, lg: 2 } } } : {}) }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                // sortDirection sets the header's aria-sort, which says the order to a screen reader.
                <TableCell key={column.key} align={column.align} sortDirection={column.sort?.direction}>
                  {column.srOnly ? (
                    <span style={visuallyHidden}>{column.label}</span>
                  ) : column.sort ? (
                    <TableSortLabel active={column.sort.direction !== false} direction={column.sort.direction || 'asc'} onClick={column.sort.onSort}>
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rowCount === 0 && !loading && !error ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              children
            )}
          </TableBody>
          {footer && rowCount > 0 ? <TableFooter>{footer}</TableFooter> : null}
        </Table>
      </TableContainer>
      {answered ? (
        <TablePagination
          component="div"
          // -1: MUI's "count unknown", which leaves the next button to us.
          count={totalIsCapped ? -1 : total}
          page={total === 0 ? 0 : pageState.page}
          rowsPerPage={pageState.perPage}
          rowsPerPageOptions={rowsPerPageOptions}
          labelDisplayedRows={({ from, to }) =>
            totalIsCapped ? `${formatTotal(from)}–${formatTotal(from + rowCount - 1)} of ${formatTotal(total, true)}` : `${formatTotal(from)}–${formatTotal(to)} of ${formatTotal(total)}`
          }
          slotProps={totalIsCapped ? { actions: { nextButton: { disabled: loading || rowCount < pageState.perPage } } } : undefined}
          onPageChange={(_event, page) => { onPageStateChange({ ...pageState, page }); }}
          sx={{
            // Phones keep the page arrows in view; the rows-per-page choice returns from 600 px up.
            '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } },
          }}
          onRowsPerPageChange={(event) => { onPageStateChange({ page: 0, perPage: Number(event.target.value) }); }}
        />
      ) : null}
    </Paper>
  );
}
