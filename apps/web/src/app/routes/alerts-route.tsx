import { can } from '@clinic/domain';
import { AlertsPage } from '../../features/stock/pages/alerts-page';
import { AddCheapestToCartButton } from '../../features/marketplace/components/add-cheapest-to-cart-button';
import { AddToRunningListButton } from '../../features/purchasing/components/add-to-running-list-button';
import { runningListDefaultsFor } from '../../features/purchasing/reorder-defaults';
import { useProfile } from '../../lib/profile';

/**
 * /alerts: the stock feature's page, with purchasing's Add to Running List (starting from the
 * newest receipt's supplier and the containers short of the minimum) and the marketplace's Add to
 * cart on low-stock alerts.
 */
export function AlertsRoute() {
  const profile = useProfile();
  const permissions = profile.data?.permissions ?? {};
  const canReorder = can(permissions, 'runningList', 'create');
  const canBuy = can(permissions, 'marketplace', 'read') && can(permissions, 'marketplace', 'create');
  return (
    <AlertsPage
      lowStockAction={
        canReorder || canBuy
          ? (alert) => (
              <>
                {canReorder ? (
                  <AddToRunningListButton
                    product={alert.product}
                    size="small"
                    variant="text"
                    defaults={() => runningListDefaultsFor({ unitsInStock: alert.units_in_stock, minimum: alert.minimum_stock, lastReceipt: alert.last_receipt })}
                  />
                ) : null}
                {canBuy ? <AddCheapestToCartButton product={alert.product} unitsInStock={alert.units_in_stock} minimum={alert.minimum_stock} size="small" variant="text" /> : null}
              </>
            )
          : undefined
      }
    />
  );
}
