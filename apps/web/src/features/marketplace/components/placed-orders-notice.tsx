import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { MARKETPLACE_MESSAGES, type PlacedOrders } from '@clinic/domain';
import { AppLink } from '../../../components/link';

/** After placing: how many vendors took their order, which did not and why, and where to follow them. */
export function PlacedOrdersNotice({ placed }: { placed: PlacedOrders }) {
  const failed = placed.orders.filter((order) => order.status === 'failed');
  const taken = placed.orders.length - failed.length;
  return (
    <Stack spacing={1}>
      {taken > 0 ? (
        <Alert severity="success">
          {MARKETPLACE_MESSAGES.ordersPlaced(taken)}. <AppLink to="/marketplace/orders">View your orders</AppLink>
        </Alert>
      ) : null}
      {failed.map((order) => (
        <Alert key={order.id} severity="error">
          {MARKETPLACE_MESSAGES.vendorFailed(order.vendor.name)}
          {order.error ? `: ${order.error}` : ''}. {taken === 0 ? <AppLink to="/marketplace/orders">View your orders</AppLink> : null}
        </Alert>
      ))}
    </Stack>
  );
}
