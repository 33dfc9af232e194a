import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { clockAt } from '../../../lib/location-time';
import { useOnline } from '../../../lib/use-online';
import { waitingVisitsQueryOptions } from '../api/pms-api';
import { keptTreatmentsQueryOptions } from '../api/visits-api';

/** "as of 5:03 PM" on the location's clock; "as of 12-05-2026 5:03 PM" when kept on an earlier day. */
export function asOfText(updatedAt: number, now: Date = new Date()): string {
  const then = clockAt(new Date(updatedAt));
  return then.date === clockAt(now).date ? `as of ${then.time}` : `as of ${then.date} ${then.time}`;
}

/**
 * At the chair without a network (or a server that cannot answer), what the page shows comes from
 * the device (issue 52): says so, with the age of the oldest answer kept.
 */
export function KeptNotice() {
  const online = useOnline();
  const treatments = useQuery(keptTreatmentsQueryOptions());
  const waiting = useQuery(waitingVisitsQueryOptions());
  const failing = treatments.isError || waiting.isError || treatments.failureCount > 0 || waiting.failureCount > 0;
  if (online && !failing) return null;
  const kept = [treatments, waiting].flatMap((q) => (q.data !== undefined && q.dataUpdatedAt > 0 ? [q.dataUpdatedAt] : []));
  if (kept.length === 0) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        Offline, and nothing is kept on this device yet: the treatments show once the chair was opened online.
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {`Offline: treatments and visits waiting from the practice system ${asOfText(Math.min(...kept))}. Visits saved now are sent when the network is back.`}
    </Alert>
  );
}
