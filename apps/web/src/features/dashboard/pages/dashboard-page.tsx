import { useDeferredValue } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import StoreOutlined from '@mui/icons-material/StoreOutlined';
import { Link as RouterLink } from 'react-router';
import { can, ROLE_LABELS, type Profile } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile';
import { HomeShortcuts } from '../components/home-shortcuts';
import { InventoryAccuracyCard } from '../components/inventory-accuracy-card';
import { MasterFigures } from '../components/master-figures';
import { RangeReports } from '../components/range-reports';

function subtitle(profile: Profile): string {
  if (!profile.company) return ROLE_LABELS[profile.role];
  const { company } = profile;
  return `${company.organization.name} · ${company.name} — ${company.city}, ${company.state}`;
}

/**
 * /dashboard (Home): the current location's figures for a range, or the platform's for the product
 * admin, then shortcuts. Assistants have no reports permission and see the shortcuts only.
 */
export function DashboardPage() {
  const profile = useProfile();
  // The header first (its location line is the page's largest text: Lighthouse's LCP), the figures
  // and shortcuts under it in a deferred pass right after, so the header's paint does not wait on
  // their render and commit (issue 37). Nothing above them moves when they arrive.
  const bodyReady = useDeferredValue(true, false);
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;

  const { data } = profile;
  const seesReports = data.role !== 'admin' && data.company !== null && can(data.permissions, 'reports', 'read');

  return (
    <>
      <PageHeader
        title={`Welcome, ${data.first_name}`}
        tourId="home"
        subtitle={subtitle(data)}
        actions={
          data.role === 'organization_admin' ? (
            <Button variant="outlined" startIcon={<StoreOutlined />} component={RouterLink} to="/company-dashboard">
              Company dashboard
            </Button>
          ) : undefined
        }
      />
      {bodyReady ? <DashboardBody profile={data} seesReports={seesReports} /> : null}
    </>
  );
}

function DashboardBody({ profile: data, seesReports }: { profile: Profile; seesReports: boolean }) {
  return (
    <>
      {data.role === 'admin' ? (
        <Box sx={{ mb: 3 }}>
          <MasterFigures />
        </Box>
      ) : null}
      {seesReports ? (
        <Box sx={{ mb: 3 }}>
          <RangeReports scope="location" />
        </Box>
      ) : null}
      {seesReports ? (
        <Box sx={{ mb: 3, maxWidth: 520 }}>
          <InventoryAccuracyCard />
        </Box>
      ) : null}
      {seesReports || data.role === 'admin' ? (
        <Typography variant="h2" sx={{ mb: 2 }}>
          Shortcuts
        </Typography>
      ) : null}
      <HomeShortcuts profile={data} />
    </>
  );
}
