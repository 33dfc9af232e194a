import { PageHeader } from '../../../components/page-header';
import { useProfile } from '../../../lib/profile';
import { RangeReports } from '../components/range-reports';

/** /company-dashboard: the organization admin's figures and charts for every location together. */
export function CompanyDashboardPage() {
  const profile = useProfile();
  const organization = profile.data?.company?.organization;
  return (
    <>
      <PageHeader title="Company dashboard" subtitle={organization ? `${organization.name} · all locations` : undefined} />
      <RangeReports scope="organization" />
    </>
  );
}
