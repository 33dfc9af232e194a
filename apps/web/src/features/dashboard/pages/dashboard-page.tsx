import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { useQuery } from '@tanstack/react-query';
import { can, ROLE_LABELS, type Profile } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile';
import { organizationCountQueryOptions, userCountQueryOptions } from '../api/dashboard-api';
import { ShortcutCard } from '../components/shortcut-card';

function WaitingBadge({ count, noun }: { count: number | undefined; noun: string }) {
  if (count === undefined) return null;
  return (
    <Chip
      size="small"
      color={count > 0 ? 'warning' : 'default'}
      label={count === 1 ? `1 ${noun} waiting for approval` : `${String(count)} ${noun}s waiting for approval`}
    />
  );
}

function AdminShortcuts() {
  const pendingClients = useQuery(organizationCountQueryOptions('pending'));
  const pendingUsers = useQuery(userCountQueryOptions('pending'));
  return (
    <>
      <Shortcut>
        <ShortcutCard
          title="Manage Clients"
          description="Approve organizations, add locations and set custom prices."
          to="/clients"
          icon={<BusinessOutlined />}
          badge={<WaitingBadge count={pendingClients.data} noun="client" />}
        />
      </Shortcut>
      <Shortcut>
        <ShortcutCard
          title="Pending Users"
          description="Accounts waiting for your approval."
          to="/users/pending"
          icon={<HourglassEmptyOutlined />}
          badge={<WaitingBadge count={pendingUsers.data} noun="user" />}
        />
      </Shortcut>
    </>
  );
}

function Shortcut({ children }: { children: ReactNode }) {
  return <Grid size={{ xs: 12, sm: 6, lg: 4 }}>{children}</Grid>;
}

function subtitle(profile: Profile): string {
  if (!profile.company) return ROLE_LABELS[profile.role];
  const { company } = profile;
  return `${company.organization.name} · ${company.name} — ${company.city}, ${company.state}`;
}

export function DashboardPage() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;

  const { data } = profile;
  const managesUsers = (data.role === 'organization_admin' || data.role === 'company_admin') && can(data.permissions, 'users', 'read');

  return (
    <>
      <PageHeader title={`Welcome, ${data.first_name}`} subtitle={subtitle(data)} />
      <Grid container spacing={2}>
        <Shortcut>
          <ShortcutCard
            title="Profile"
            description={data.company ? 'Your name, phone and location.' : 'Your name and phone.'}
            to="/users/profile"
            icon={<PersonOutlined />}
          />
        </Shortcut>
        {managesUsers ? (
          <Shortcut>
            <ShortcutCard
              title="Manage Users"
              description={
                data.role === 'organization_admin'
                  ? 'Invite people, choose their role and location.'
                  : 'Invite people to your location and choose their role.'
              }
              to="/users/company"
              icon={<GroupOutlined />}
            />
          </Shortcut>
        ) : null}
        {data.role === 'admin' ? <AdminShortcuts /> : null}
      </Grid>
    </>
  );
}
