import { can } from '@clinic/domain';
import { MarketplaceOrdersPage } from '../../features/marketplace/pages/marketplace-orders-page';
import { ReceiveOrderDialog } from '../../features/purchasing/components/receive-order-dialog';
import { useProfile } from '../../lib/profile';

/** /marketplace/orders: the marketplace's orders, received with purchasing's receive dialog (a marketplace order is a purchase order). */
export function MarketplaceOrdersRoute() {
  const profile = useProfile();
  const canReceive = can(profile.data?.permissions ?? {}, 'stock', 'create');
  return <MarketplaceOrdersPage receive={canReceive ? (orderId, onClose) => <ReceiveOrderDialog orderId={orderId} onClose={onClose} /> : undefined} />;
}
