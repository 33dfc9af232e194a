import { can } from '@clinic/domain';
import { SubscriptionSection } from '../../features/subscriptions/components/subscription-section';
import { mayBuySubscription } from '../../features/subscriptions/subscription-access';
import { LocationTimeZone } from '../../features/organizations/components/location-time-zone';
import { ManageUsersPage } from '../../features/users/pages/manage-users-page';
import { useProfile } from '../../lib/profile';

/**
 * /users/company: the organization's users, the location's time zone, then its subscription for those who may see it
 * (organization and location admins). With the local payment provider, 'Manage Subscriptions'
 * leads to that section (#subscription).
 */
export function CompanyPage() {
  const profile = useProfile();
  const viewer = profile.data;
  const showSubscription =
    viewer !== undefined && viewer.role !== 'admin' && viewer.company !== null && can(viewer.permissions, 'subscriptions', 'read');
  return (
    <>
      <ManageUsersPage />
      {viewer?.company ? <LocationTimeZone companyId={viewer.company.id} canEdit={can(viewer.permissions, 'companies', 'update')} /> : null}
      {showSubscription ? <SubscriptionSection organizationId={null} canManage={mayBuySubscription(viewer.role)} /> : null}
    </>
  );
}
