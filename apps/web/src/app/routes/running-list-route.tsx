import { can } from '@clinic/domain';
import { CompareInMarketplaceButton } from '../../features/marketplace/components/compare-in-marketplace-button';
import { RunningListPage } from '../../features/purchasing/pages/running-list-page';
import { useProfile } from '../../lib/profile';

/** /running-list/{runningListId}: purchasing's page, whose open list may be bought through the marketplace's cart instead. */
export function RunningListRoute() {
  const profile = useProfile();
  const permissions = profile.data?.permissions ?? {};
  const canBuy = can(permissions, 'marketplace', 'read') && can(permissions, 'marketplace', 'create');
  return (
    <RunningListPage
      openListAction={canBuy ? (list) => <CompareInMarketplaceButton lines={list.runningListProducts.map((line) => ({ product: line.product, quantity: line.quantity, unitsPerContainer: line.units_per_container }))} /> : undefined}
    />
  );
}
