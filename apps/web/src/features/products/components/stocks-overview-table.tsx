import { useState } from 'react';
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
import type { CompanyStockOverview } from '@clinic/domain';
import { formatDollars } from '../../../lib/format';

const PAGE_SIZE = 5;
/** The specification's empty text for this table, word for word. */
const EMPTY_TEXT = 'No Treatments Found';

/** Spec section 2: the admin's view of which locations hold a product; 5 rows a page, quick search. */
export function StocksOverviewTable({ rows }: { rows: CompanyStockOverview[] }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const term = search.trim().toLowerCase();
  const matching = term ? rows.filter((r) => `${r.company_name} ${r.supplier_name}`.toLowerCase().includes(term)) : rows;
  const shown = matching.slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE);
  return (
    <Box component="section" aria-labelledby="stocks-overview-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="stocks-overview-title" variant="h2">
          Stocks Overview
        </Typography>
        <TextField
          size="small"
          label="Quick search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </Box>
      <Paper sx={{ overflow: 'hidden' }}>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Stocks overview" sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>Company Name</TableCell>
                <TableCell align="right">Units in stock</TableCell>
                <TableCell>Supplier</TableCell>
                <TableCell align="right">Average Unit Price</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {EMPTY_TEXT}
                  </TableCell>
                </TableRow>
              ) : (
                shown.map((row) => (
                  <TableRow key={row.company_id}>
                    <TableCell>{row.company_name}</TableCell>
                    <TableCell align="right">{row.units_in_stock}</TableCell>
                    <TableCell>{row.supplier_name || '—'}</TableCell>
                    <TableCell align="right">{formatDollars(row.average_unit_price)}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination component="div" count={matching.length} page={page} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]} onPageChange={(_e, next) => { setPage(next); }} />
      </Paper>
    </Box>
  );
}
