import Box from '@mui/material/Box';
import type { Profile, Role } from '@clinic/domain';
import { BrandMark } from '../../components/brand-mark';
import { SidebarNav } from './sidebar-nav';
import { SidebarUser } from './sidebar-user';

export const SIDEBAR_WIDTH = 250;

interface SidebarProps {
  role: Role | null;
  profile: Profile | undefined;
  onNavigate?: () => void;
  onSwitchLocation: () => void;
  onLogout: () => void;
}

/** Sidebar body, shared by the permanent desktop drawer and the phone/tablet menu drawer. */
export function Sidebar({ role, profile, onNavigate, onSwitchLocation, onLogout }: SidebarProps) {
  return (
    <Box sx={{ width: SIDEBAR_WIDTH, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ px: 2.5, py: 2 }}>
        <BrandMark />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <SidebarNav role={role} permissions={profile?.permissions} onNavigate={onNavigate} />
      </Box>
      <SidebarUser profile={profile} onSwitchLocation={onSwitchLocation} onLogout={onLogout} />
    </Box>
  );
}
