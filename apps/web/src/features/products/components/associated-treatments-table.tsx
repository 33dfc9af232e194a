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
import { Link as RouterLink } from 'react-router';
import type { AssociatedTreatment } from '@clinic/domain';

const PAGE_SIZE = 5;

/**
 * Spec section 2: the treatment designs whose tray holds the product, Treatment Code and
 * Abbreviation, 5 rows a page; the search is for the admin, who sees every location's.
 */
export function AssociatedTreatmentsTable({ rows, searchable, linkable }: { rows: AssociatedTreatment[]; searchable: boolean; linkable: boolean }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const term = search.trim().toLowerCase();
  const matching = term ? rows.filter((r) => `${r.treatment_code} ${r.name} ${r.abbreviation}`.toLowerCase().includes(term)) : rows;
  const shown = matching.slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE);
  return (
    <Box component="section" aria-labelledby="associated-treatments-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="associated-treatments-title" variant="h2">
          Associated Treatments
        </Typography>
        {searchable ? (
          <TextField
            size="small"
            label="Search treatments"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        ) : null}
      </Box>
      <Paper sx={{ overflow: 'hidden' }}>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Associated treatments" sx={{ minWidth: 360 }}>
            <TableHead>
              <TableRow>
                <TableCell>Treatment Code</TableCell>
                <TableCell>Abbreviation</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={2} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    No Treatments Found
                  </TableCell>
                </TableRow>
              ) : (
                shown.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell title={row.name}>{linkable ? <RouterLink to={`/treatment/design/${row.id}`}>{row.treatment_code}</RouterLink> : row.treatment_code}</TableCell>
                    <TableCell>{row.abbreviation || '—'}</TableCell>
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
