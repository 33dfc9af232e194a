import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Trend } from '@clinic/domain';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDollars } from '../../../lib/format';
import { trackingQueryOptions } from '../api/stock-api';

const CycleChart = lazy(async () => ({ default: (await import('./cycle-chart')).CycleChart }));

const TREND_LABELS: Record<Trend, { label: string; color: 'success' | 'error' | 'default' }> = {
  improving: { label: 'Improving', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
  consistent: { label: 'Consistent', color: 'default' },
};

function TrendChip({ label, trend }: { label: string; trend: Trend }) {
  const t = TREND_LABELS[trend];
  return <Chip label={`${label}: ${t.label}`} color={t.color} variant={trend === 'consistent' ? 'outlined' : 'filled'} size="small" />;
}

/** Spec section 2's Track Product Consumption: uses per cycle (one received lot) and the trends. */
export function ConsumptionTracking({ productId }: { productId: string }) {
  const report = useQuery(trackingQueryOptions(productId));
  const [asTable, setAsTable] = useState(false);
  const data = report.data;
  return (
    <Paper component="section" aria-labelledby="tracking-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="tracking-title" variant="h6" component="h2">
          Track Product Consumption
        </Typography>
        {data && data.cycle_counts.length > 0 ? (
          <FormControlLabel control={<Switch checked={asTable} onChange={(e) => { setAsTable(e.target.checked); }} />} label="Show as table" />
        ) : null}
      </Box>
      {report.isError ? <Alert severity="error">{errorMessage(report.error, 'Could not load the consumption report.')}</Alert> : null}
      {report.isPending ? <Skeleton variant="rounded" height={120} /> : null}
      {data && data.cycle_counts.length === 0 ? (
        <Typography color="text.secondary">Consumption is tracked per delivery: it appears once this product has been received here.</Typography>
      ) : null}
      {data && data.cycle_counts.length > 0 ? (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            <Chip label={`Cycle ${String(data.cycle)}`} size="small" variant="outlined" />
            <TrendChip label="Cost" trend={data.is_cost_improving} />
            <TrendChip label="Usage" trend={data.is_usage_improving} />
            <Chip label={`Current cost per use: ${formatDollars(data.current_treatment_cost)}`} size="small" color="primary" variant="outlined" />
          </Stack>
          {asTable ? (
            <Table size="small" aria-label="Consumption per cycle">
              <TableHead>
                <TableRow>
                  <TableCell>Received</TableCell>
                  <TableCell align="right">Uses</TableCell>
                  <TableCell align="right">Units per use</TableCell>
                  <TableCell align="right">Unit price</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.cycle_counts.map((c) => (
                  <TableRow key={c.date}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.date)}</TableCell>
                    <TableCell align="right">{c.count}</TableCell>
                    <TableCell align="right">{c.units_per_use ?? '—'}</TableCell>
                    <TableCell align="right">{formatDollars(c.unit_price, 5)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
              <CycleChart cycles={data.cycle_counts} />
            </Suspense>
          )}
        </>
      ) : null}
    </Paper>
  );
}
