import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Badge from '@mui/material/Badge';
import { useQuery } from '@tanstack/react-query';
import { openAlertCountQueryOptions } from '../../features/stock/api/alert-keys';
import { Link as RouterLink, useLocation } from 'react-router';
import type { PermissionMap, Role } from '@clinic/domain';
import { organizationOpen, useProfile } from '../../lib/profile';
import { isNavItemActive, navGroups } from './nav-items';

/** Entries follow the user's effective permissions once the profile is loaded, the role's defaults before. */
export function SidebarNav({ role, permissions, onNavigate }: { role: Role | null; permissions?: PermissionMap | undefined; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const groups = navGroups(role, permissions);
  const allItems = groups.flatMap((group) => group.items);
  const open = organizationOpen(useProfile().data);
  const alertCount = useQuery({ ...openAlertCountQueryOptions(), enabled: open && allItems.some((item) => item.badge === 'alerts') });
  return (
    <nav aria-label="Main">
      {groups.map((group) => (
        <List
          key={group.title ?? group.items[0]?.to ?? 'main'}
          dense
          subheader={
            group.title ? (
              <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '32px', mt: 1 }}>
                {group.title}
              </ListSubheader>
            ) : undefined
          }
        >
          {group.items.map((item) => {
            const active = isNavItemActive(item, pathname, allItems);
            const Icon = item.icon;
            // Each link sits in its own <li>: a <ul> holding <a> directly is no list to a screen reader.
            return (
              <ListItem key={item.to} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={item.to}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  sx={{ mx: 1, borderRadius: 2 }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={item.label} />
                  {item.badge === 'alerts' && alertCount.data ? (
                    <Badge badgeContent={alertCount.data} color="error" max={99} sx={{ mr: 1.5 }} slotProps={{ badge: { 'aria-label': `${String(alertCount.data)} open ${alertCount.data === 1 ? 'alert' : 'alerts'}` } }} />
                  ) : null}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      ))}
    </nav>
  );
}
