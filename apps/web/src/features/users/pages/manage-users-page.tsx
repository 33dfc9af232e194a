import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { useQuery } from '@tanstack/react-query';
import { can, MANAGEABLE_ROLES, type Profile } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { ALL_LOCATIONS_PAGE, companiesQueryOptions, locationOptionLabel } from '../../../lib/companies';
import { useProfile } from '../../../lib/profile';
import { AddUserDialog } from '../components/add-user-dialog';
import { UsersPanel } from '../components/users-panel';
import { userActionsFor } from '../user-actions';

const ALL_LOCATIONS = 'all';

/** Organization admins see every location and may filter by one; location admins see their own. */
function LocationFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const locations = useQuery(companiesQueryOptions(ALL_LOCATIONS_PAGE));
  return (
    <TextField
      select
      size="small"
      label="Location"
      value={value}
      onChange={(event) => { onChange(event.target.value); }}
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 260 } }}
    >
      <MenuItem value={ALL_LOCATIONS}>All locations</MenuItem>
      {(locations.data?.results ?? []).map((company) => (
        <MenuItem key={company.id} value={company.id}>
          {locationOptionLabel(company)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ManageUsers({ profile }: { profile: Profile }) {
  const [adding, setAdding] = useState(false);
  const [location, setLocation] = useState(ALL_LOCATIONS);
  const isAdmin = profile.role === 'admin';
  // The admin invites people from a client's page, where the organization is known.
  const canAdd = !isAdmin && can(profile.permissions, 'users', 'create');

  return (
    <>
      <PageHeader
        title="Manage Users"
        subtitle={profile.company ? profile.company.organization.name : 'All users'}
        actions={
          canAdd ? (
            <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => { setAdding(true); }}>
              Add User
            </Button>
          ) : null
        }
      />
      <UsersPanel
        mode="manage"
        filter={{ company_id: location === ALL_LOCATIONS ? undefined : location }}
        showOrganization={isAdmin}
        actionsFor={(user) => userActionsFor(profile, user, 'manage')}
        toolbar={profile.role === 'organization_admin' ? <LocationFilter value={location} onChange={setLocation} /> : null}
      />
      {canAdd ? (
        <AddUserDialog
          open={adding}
          onClose={() => { setAdding(false); }}
          roles={MANAGEABLE_ROLES[profile.role]}
          defaultCompanyId={profile.company?.id}
        />
      ) : null}
    </>
  );
}

export function ManageUsersPage() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;

  const { data } = profile;
  const allowed = (data.role === 'admin' || MANAGEABLE_ROLES[data.role].length > 0) && can(data.permissions, 'users', 'read');
  if (!allowed) {
    return (
      <>
        <PageHeader title="Manage Users" />
        <Alert severity="info">
          Only organization and location administrators manage users. Your own details are on your{' '}
          <AppLink to="/users/profile">Profile</AppLink>.
        </Alert>
      </>
    );
  }
  return <ManageUsers profile={data} />;
}
