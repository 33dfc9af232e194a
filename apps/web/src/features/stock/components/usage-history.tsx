import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StockUsage, UsageKind } from '@clinic/domain';
import { formatDateTime } from '../../../lib/format';

const KIND_LABELS: Record<UsageKind, string> = {
  treatment: 'Treatment',
  manual: 'Consumed',
  reconciliation: 'Recount',
  removal: 'Removed',
  disposal: 'Written off',
  return: 'Returned',
};

/** Where a stock's units went: date, units, note and, for treatments, the treatment's code and name. */
export function UsageHistory({ usages }: { usages: StockUsage[] }) {
  if (usages.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        No units have been used from this stock yet.
      </Typography>
    );
  }
  return (
    <Box sx={{ py: 1 }}>
      <Table size="small" aria-label="Usage history">
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>What</TableCell>
            <TableCell align="right">Units</TableCell>
            <TableCell>Note</TableCell>
            <TableCell>By</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {usages.map((usage) => (
            <TableRow key={usage.id}>
              <TableCell>{formatDateTime(usage.created_at)}</TableCell>
              <TableCell>
                {usage.treatmentLogProduct
                  ? `${usage.treatmentLogProduct.treatment.treatment_code} ${usage.treatmentLogProduct.treatment.name}`
                  : KIND_LABELS[usage.kind]}
              </TableCell>
              <TableCell align="right">{usage.unit_quantity}</TableCell>
              <TableCell>{usage.note || '—'}</TableCell>
              <TableCell>{usage.user_name ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
