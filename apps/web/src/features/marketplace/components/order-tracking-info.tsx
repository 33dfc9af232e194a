import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format';
import { orderTrackingQueryOptions } from '../api/marketplace-api';

/** The tracking link (a new tab: it is the carrier's page) and when the shipment left and arrived. */
export function OrderTrackingInfo({ url, carrier }: { url: string; carrier: string | null }) {
  const tracking = useQuery(orderTrackingQueryOptions(url));
  const shipped = tracking.data?.shipped_at;
  const delivered = tracking.data?.delivered_at;
  const dates = [shipped && `Shipped ${formatDate(shipped)}`, delivered && `Delivered ${formatDate(delivered)}`].filter(Boolean).join(' · ');
  return (
    <>
      <Link href={url} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
        Track the shipment{carrier ? ` with ${carrier}` : ''}
      </Link>
      {dates ? (
        <Typography variant="body2" color="text.secondary">
          {dates}
        </Typography>
      ) : null}
    </>
  );
}
