import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { useQuery } from '@tanstack/react-query';
import { can, type Profile } from '@clinic/domain';
import { organizationCountQueryOptions, userCountQueryOptions } from '../api/dashboard-api';
import { ShortcutCard } from './shortcut-card';

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

function Shortcut({ children }: { children: ReactNode }) {
  return <Grid size={{ xs: 12, sm: 6, lg: 4 }}>{children}</Grid>;
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

/** Cards to the pages a role comes back to: its profile, its people, and the admin's approval queues. */
export function HomeShortcuts({ profile }: { profile: Profile }) {
  const managesUsers = (profile.role === 'organization_admin' || profile.role === 'company_admin') && can(profile.permissions, 'users', 'read');
  return (
    <Grid container spacing={2}>
      <Shortcut>
        <ShortcutCard
          title="Profile"
          description={profile.company ? 'Your name, phone and location.' : 'Your name and phone.'}
          to="/users/profile"
          icon={<PersonOutlined />}
        />
      </Shortcut>
      {managesUsers ? (
        <Shortcut>
          <ShortcutCard
            title="Manage Users"
            description={
              profile.role === 'organization_admin'
                ? 'Invite people, choose their role and location.'
                : 'Invite people to your location and choose their role.'
            }
            to="/users/company"
            icon={<GroupOutlined />}
          />
        </Shortcut>
      ) : null}
      {profile.role === 'admin' ? <AdminShortcuts /> : null}
    </Grid>
  );
}
