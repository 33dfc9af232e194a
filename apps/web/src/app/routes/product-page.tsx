import { can } from '@clinic/domain';
import { ProductDetailPage } from '../../features/products/pages/product-detail-page';
import { ConsumptionTracking } from '../../features/stock/components/consumption-tracking';
import { CycleUnitPrice } from '../../features/stock/components/cycle-unit-price';
import { StockRoom } from '../../features/stock/components/stock-room';
import { AddToRunningListButton } from '../../features/purchasing/components/add-to-running-list-button';
import { ProductRequestsList } from '../../features/purchasing/components/product-requests-list';
import { RequestProductButton } from '../../features/purchasing/components/request-product-button';
import { ReorderPanel } from '../../features/reorder/components/reorder-panel';
import { DaysOfCoverChip } from '../../features/reorder/components/days-of-cover-chip';

/**
 * /products/{productId}: the product feature's page with the stock feature's Stock Room, consumption
 * tracking and cycle estimate (and purchasing's Request Product, Add to Running List and the
 * caller's own requests, and issue 35's Reorder panel) in it.
 */
export function ProductPage() {
  return (
    <ProductDetailPage
      stockRoom={(product, permissions) =>
        can(permissions, 'stock', 'read') ? (
          <>
            <StockRoom
              product={product}
              canCreate={can(permissions, 'stock', 'create')}
              canUpdate={can(permissions, 'stock', 'update')}
              canDelete={can(permissions, 'stock', 'delete')}
              summary={<DaysOfCoverChip productId={product.id} />}
              reorderAction={
                can(permissions, 'runningList', 'create') ? (
                  <>
                    <RequestProductButton product={product} />
                    <AddToRunningListButton product={product} />
                  </>
                ) : null
              }
            />
            <ReorderPanel productId={product.id} canPin={can(permissions, 'products', 'update')} canSetSettings={can(permissions, 'companies', 'update')} />
            {can(permissions, 'runningList', 'read') ? <ProductRequestsList productId={product.id} /> : null}
          </>
        ) : null
      }
      tracking={(product, permissions) => (can(permissions, 'stock', 'read') ? <ConsumptionTracking productId={product.id} /> : null)}
      cycleEstimate={(product, permissions) => (can(permissions, 'stock', 'read') ? <CycleUnitPrice productId={product.id} /> : null)}
    />
  );
}
