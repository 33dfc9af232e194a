import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDollars } from '../../../lib/format';
import { cycleUnitPriceQueryOptions } from '../api/stock-api';

/** What a cycle is, as the server counts it (stock.repo.ts cycleFacts, docs/decisions.md). */
export const CYCLE_EXPLANATION =
  'A cycle is the life of one delivery (lot) received here, from its receipt until its last unit is used; each treatment or recorded consumption drawing on it is a use.';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The estimated cycle unit price (GET product/{id}/estimated-cycle-unit-price?get-last-tracker=true):
 * the unit price the next use pays (first expiry first), the shelf's average, and the latest cycle.
 */
export function CycleUnitPrice({ productId }: { productId: string }) {
  const estimate = useQuery(cycleUnitPriceQueryOptions(productId));
  const data = estimate.data;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {CYCLE_EXPLANATION}
      </Typography>
      {estimate.isPending ? <Skeleton variant="rounded" height={56} aria-label="Loading the estimated cycle unit price" /> : null}
      {estimate.isError ? <Alert severity="error">{errorMessage(estimate.error, 'Could not load the estimated cycle unit price.')}</Alert> : null}
      {data && data.cycle === 0 ? <Typography>No cycle yet: the estimate starts with the first delivery of this product received here.</Typography> : null}
      {data && data.cycle > 0 ? (
        <>
          <Box component="dl" aria-label="Estimated cycle unit price" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
            <Figure label="Estimated unit price" value={formatDollars(data.unit_price, 5)} />
            <Figure label="Shelf average unit price" value={formatDollars(data.average_unit_price, 5)} />
            <Figure label="Cycle" value={String(data.cycle)} />
            {data.last_tracker ? <Figure label={`Latest cycle, received ${formatDate(data.last_tracker.date)}`} value={`${String(data.last_tracker.count)} ${data.last_tracker.count === 1 ? 'use' : 'uses'} at ${formatDollars(data.last_tracker.unit_price, 5)}`} /> : null}
          </Box>
          {data.unit_price === null ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              No usable stock on the shelf: the next delivery received starts the next cycle and sets the price.
            </Typography>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
