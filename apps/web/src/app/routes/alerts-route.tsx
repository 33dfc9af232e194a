import { can } from '@clinic/domain';
import { AlertsPage } from '../../features/stock/pages/alerts-page';
import { AddToRunningListButton } from '../../features/purchasing/components/add-to-running-list-button';
import { useProfile } from '../../lib/profile';

/** /alerts: the stock feature's page, with purchasing's Add to Running List on low-stock alerts. */
export function AlertsRoute() {
  const profile = useProfile();
  const canReorder = can(profile.data?.permissions ?? {}, 'runningList', 'create');
  return <AlertsPage lowStockAction={canReorder ? (alert) => <AddToRunningListButton product={alert.product} size="small" variant="text" /> : undefined} />;
}
