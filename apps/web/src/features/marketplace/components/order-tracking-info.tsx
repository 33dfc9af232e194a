import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format';
import { orderTrackingQueryOptions } from '../api/marketplace-api';

/** The tracking link (a new tab: it is the carrier's page) and when the shipment left and arrived. */
export function OrderTrackingInfo({ url, carrier }: { url: string; carrier: string | null }) {
  const tracking = useQuery(orderTrackingQueryOptions(url));
  const dates = tracking.data
    ? [tracking.data.shipped_at && `shipped ${formatDate(tracking.data.shipped_at)}`, tracking.data.delivered_at && `delivered ${formatDate(tracking.data.delivered_at)}`].filter(Boolean).join(', ')
    : '';
  return (
    <>
      <Link href={url} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
        Track the shipment{carrier ? ` with ${carrier}` : ''}
      </Link>
      {dates ? (
        <Typography variant="body2" color="text.secondary">
          {dates.charAt(0).toUpperCase() + dates.slice(1)}
        </Typography>
      ) : null}
    </>
  );
}
