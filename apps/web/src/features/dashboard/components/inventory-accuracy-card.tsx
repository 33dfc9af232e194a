import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { countAccuracyQueryOptions } from '../../../lib/counts';
import { formatDollars } from '../../../lib/format';

/**
 * Inventory accuracy (issue 34): of the lots counted in the counts approved over the last 90 days,
 * the share whose shelf matched the books, and what the differences were worth.
 */
export function InventoryAccuracyCard() {
  const accuracy = useQuery(countAccuracyQueryOptions());
  const data = accuracy.data;
  const percent = data?.accuracy === null || data === undefined ? null : Math.round(data.accuracy * 1000) / 10;
  const net = data?.variance_value ?? 0;
  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          Inventory accuracy, last {data?.days ?? 90} days
        </Typography>
        <Button size="small" component={RouterLink} to="/counts">
          Cycle counts
        </Button>
      </Box>
      {accuracy.isPending ? (
        <Skeleton variant="text" width="40%" sx={{ fontSize: '2rem' }} aria-label="Loading inventory accuracy" />
      ) : accuracy.isError || !data ? (
        <Typography color="text.secondary">Could not load the accuracy.</Typography>
      ) : percent === null ? (
        <Typography sx={{ mt: 1 }}>No count approved in the last {data.days} days.</Typography>
      ) : (
        <>
          <Typography variant="h2" component="p" aria-label="Inventory accuracy">
            {percent}%
          </Typography>
          <LinearProgress variant="determinate" value={percent} color={percent >= 95 ? 'success' : percent >= 85 ? 'warning' : 'error'} sx={{ height: 8, borderRadius: 4, my: 1 }} aria-label="Share of counted lots that matched the books" />
          <Typography variant="caption" color="text.secondary">
            {data.lines_matching} of {data.lines_counted} counted lots matched the books in {data.counts} {data.counts === 1 ? 'count' : 'counts'} · net difference {net < 0 ? '−' : net > 0 ? '+' : ''}
            {formatDollars(Math.abs(net))}
          </Typography>
        </>
      )}
    </Paper>
  );
}
