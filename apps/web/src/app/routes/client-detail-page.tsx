import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { MANAGEABLE_ROLES, type Profile } from '@clinic/domain';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { errorMessage, isMissingRecord } from '../../lib/api-client';
import { useProfile } from '../../lib/profile';
import { organizationQueryOptions } from '../../features/organizations/api/organizations-api';
import { LocationsTable } from '../../features/organizations/components/locations-table';
import { OrganizationOverview } from '../../features/organizations/components/organization-overview';
import { AddUserDialog } from '../../features/users/components/add-user-dialog';
import { SubscriptionSection } from '../../features/subscriptions/components/subscription-section';
import { UsersPanel } from '../../features/users/components/users-panel';
import { userActionsFor } from '../../features/users/user-actions';

function SectionTitle({ children, action }: { children: string; action?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mt: 4, mb: 2 }}>
      <Typography variant="h2">{children}</Typography>
      {action}
    </Box>
  );
}

/** One client: its details and approval, its locations and its users (composed from two features). */
function ClientDetail({ organizationId, viewer }: { organizationId: string; viewer: Profile }) {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const organization = useQuery(organizationQueryOptions(organizationId));
  const back = (
    <IconButton component={RouterLink} to="/clients" aria-label="Back to Manage Clients">
      <ArrowBack />
    </IconButton>
  );

  if (organization.isPending) return <PageLoader />;
  if (organization.isError) {
    return (
      <>
        <PageHeader title="Client" leading={back} />
        <Alert severity={isMissingRecord(organization.error) ? 'info' : 'error'}>{isMissingRecord(organization.error) ? 'This client does not exist.' : errorMessage(organization.error, 'Could not load this client.')}</Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader title={organization.data.name} leading={back} />
      <OrganizationOverview organization={organization.data} onDeleted={() => void navigate('/clients', { replace: true })} />

      <SubscriptionSection organizationId={organizationId} canManage={false} />

      <SectionTitle>Locations</SectionTitle>
      <LocationsTable organizationId={organizationId} />

      <SectionTitle
        action={
          <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => { setAdding(true); }}>
            Add User
          </Button>
        }
      >
        Users
      </SectionTitle>
      <UsersPanel
        mode="manage"
        filter={{ organization_id: organizationId }}
        showOrganization={false}
        actionsFor={(user) => userActionsFor(viewer, user, 'manage')}
      />
      <AddUserDialog
        open={adding}
        onClose={() => { setAdding(false); }}
        roles={MANAGEABLE_ROLES[viewer.role]}
        organizationId={organizationId}
        defaultCompanyId={organization.data.locations[0]?.id}
      />
    </>
  );
}

export function ClientDetailPage() {
  const { organizationId = '' } = useParams();
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  return <ClientDetail key={organizationId} organizationId={organizationId} viewer={profile.data} />;
}
