import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useScrollTabStop } from './use-scroll-tab-stop';

export interface LocalTableSectionProps<T> {
  /** Heading of the section, also its accessible name. */
  title: string;
  /** Accessible name of the table. */
  label: string;
  columns: { label: string; align?: 'left' | 'right' }[];
  rows: T[];
  rowKey: (row: T) => string;
  cells: (row: T) => ReactNode;
  emptyText: string;
  /** A quick search over the rows (they are all loaded); none when left out. */
  search?: { label: string; text: (row: T) => string } | undefined;
  pageSize: number;
  minWidth: number;
}

/** A titled table over rows already in the page (the product page's small tables), paged and searched here. */
export function LocalTableSection<T>({ title, label, columns, rows, rowKey, cells, emptyText, search, pageSize, minWidth }: LocalTableSectionProps<T>) {
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(0);
  const wanted = term.trim().toLowerCase();
  const matching = search && wanted ? rows.filter((r) => search.text(r).toLowerCase().includes(wanted)) : rows;
  const shown = matching.slice(page * pageSize, page * pageSize + pageSize);
  const titleId = `${label.toLowerCase().replace(/\W+/g, '-')}-title`;
  const scroller = useScrollTabStop();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={titleId} variant="h2">
          {title}
        </Typography>
        {search ? (
          <TextField
            size="small"
            label={search.label}
            value={term}
            onChange={(e) => {
              setTerm(e.target.value);
              setPage(0);
            }}
          />
        ) : null}
      </Box>
      <Paper sx={{ overflow: 'hidden' }}>
        <TableContainer ref={scroller} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={label} sx={{ minWidth }}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.label} align={c.align}>
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {emptyText}
                  </TableCell>
                </TableRow>
              ) : (
                shown.map((row) => <TableRow key={rowKey(row)}>{cells(row)}</TableRow>)
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination component="div" count={matching.length} page={page} rowsPerPage={pageSize} rowsPerPageOptions={[pageSize]} onPageChange={(_e, next) => { setPage(next); }} />
      </Paper>
    </Box>
  );
}
