import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DISPOSAL_REASON_LABELS, type StockUsage, type UsageKind } from '@clinic/domain';
import { formatDateTime, formatDollars } from '../../../lib/format';

const KIND_LABELS: Record<UsageKind, string> = {
  treatment: 'Treatment',
  manual: 'Consumed',
  reconciliation: 'Recount',
  removal: 'Removed',
  disposal: 'Written off',
  return: 'Returned',
  move: 'Moved',
  count: 'Cycle count',
  transfer: 'Shipped to another location',
};

/** A write-off with its reason; a return with its credit and the supplier's reference. */
function kindLabel(usage: StockUsage): string {
  const label = KIND_LABELS[usage.kind];
  if (usage.kind === 'disposal' && usage.disposal_reason) return `${label} (${DISPOSAL_REASON_LABELS[usage.disposal_reason].toLowerCase()})`;
  if (usage.kind === 'return' && usage.credit_amount !== null) return [label, `${formatDollars(usage.credit_amount)} credit`, usage.reference || null].filter(Boolean).join(' · ');
  return label;
}

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
                  : kindLabel(usage)}
              </TableCell>
              {/* A move's units in or out: the note says which way ("Moved 5 units to …", "5 units from …"). */}
              <TableCell align="right">{usage.kind === 'move' ? Math.abs(usage.unit_quantity) : usage.unit_quantity}</TableCell>
              <TableCell>{usage.note || '—'}</TableCell>
              <TableCell>{usage.user_name ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
