import type { ReactNode } from 'react';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { openAlertCountQueryOptions } from '../../features/stock/api/alert-keys';
import { organizationOpen, useProfile } from '../../lib/profile';
import { can, type Action, type Feature, type PermissionMap, type Role } from '@clinic/domain';

export const BOTTOM_NAV_HEIGHT = 56;

interface BottomTab {
  value: string;
  label: string;
  to: string;
  icon: ReactNode;
  hiddenForAdmin?: boolean;
  /** Where the product admin, who keeps no stock, goes instead. */
  adminTo?: string;
  /** Shown only to users who may read this (the assistant role has no reports). */
  needs?: readonly [Feature, Action];
}

/**
 * Phone/tablet tabs. They point at their feature's route; until a feature ships (treatments),
 * its route falls through to the dashboard.
 */
const TABS: BottomTab[] = [
  { value: 'treatments', label: 'Treatments', to: '/treatment-execution', icon: <MedicalServicesOutlined />, hiddenForAdmin: true },
  { value: 'inventory', label: 'Inventory', to: '/inventory', icon: <Inventory2Outlined />, adminTo: '/products' },
  { value: 'reports', label: 'Reports', to: '/dashboard', icon: <AssessmentOutlined />, needs: ['reports', 'read'] },
  { value: 'alerts', label: 'Alerts', to: '/alerts', icon: <NotificationsOutlined />, hiddenForAdmin: true },
];

/**
 * The spec's five tabs share a 360 px phone: each gives up the 80 px minimum MUI keeps, and keeps
 * its label whole (the voice assistant opens from the top bar, so no sixth tab cuts them).
 */
const ACTION_SX = { minWidth: 0, px: 0.25, '& .MuiBottomNavigationAction-label': { whiteSpace: 'nowrap', fontSize: '0.75rem', '&.Mui-selected': { fontSize: '0.75rem' } } } as const;

/** Spec section 2: Treatments, Inventory, Reports, Alerts, Logout. */
export function BottomNav({ role, permissions, onLogout }: { role: Role | null; permissions: PermissionMap | undefined; onLogout: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isAdmin = role === 'admin';
  // Until the profile (and its permissions) arrives, a tab that needs a permission waits.
  const allowed = (tab: BottomTab) => !tab.needs || (permissions !== undefined && can(permissions, tab.needs[0], tab.needs[1]));
  const tabs = TABS.filter((tab) => !(tab.hiddenForAdmin && isAdmin) && allowed(tab)).map((tab) => (isAdmin && tab.adminTo ? { ...tab, to: tab.adminTo } : tab));
  const open = organizationOpen(useProfile().data);
  const alertCount = useQuery({ ...openAlertCountQueryOptions(), enabled: open && !isAdmin && role !== null });
  const current = tabs.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`))?.value ?? false;

  return (
    <Paper
      component="nav"
      aria-label="Bottom navigation"
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        borderTop: 1,
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation
        showLabels
        value={current}
        onChange={(_event, value: string) => {
          if (value === 'logout') {
            onLogout();
            return;
          }
          const tab = tabs.find((item) => item.value === value);
          if (tab) void navigate(tab.to);
        }}
      >
        {tabs.map((tab) => (
          <BottomNavigationAction
            key={tab.value}
            value={tab.value}
            label={tab.label}
            sx={ACTION_SX}
            icon={
              tab.value === 'alerts' && alertCount.data ? (
                <Badge badgeContent={alertCount.data} color="error" max={99} slotProps={{ badge: { 'aria-label': `${String(alertCount.data)} open ${alertCount.data === 1 ? 'alert' : 'alerts'}` } }}>
                  {tab.icon}
                </Badge>
              ) : (
                tab.icon
              )
            }
          />
        ))}
        <BottomNavigationAction value="logout" label="Logout" icon={<LogoutOutlined />} sx={ACTION_SX} />
      </BottomNavigation>
    </Paper>
  );
}
