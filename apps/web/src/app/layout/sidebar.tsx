import Box from '@mui/material/Box';
import type { Profile, Role } from '@clinic/domain';
import { BrandMark } from '../../components/brand-mark';
import { SidebarNav } from './sidebar-nav';
import { SidebarUser } from './sidebar-user';

export const SIDEBAR_WIDTH = 250;

/**
 * Scroll cue for a navigation taller than the screen (1366x768 hides Alerts, Profile and Manage
 * Users): a shade at the edge that still has entries beyond it. The white covers scroll with the
 * content (`local`) and hide the shades (`scroll`) once an end is reached — pure CSS, no listener.
 */
const SCROLL_SHADOWS = {
  background: [
    'linear-gradient(#fff 30%, rgba(255,255,255,0)) center top / 100% 40px no-repeat local',
    'linear-gradient(rgba(255,255,255,0), #fff 70%) center bottom / 100% 40px no-repeat local',
    'radial-gradient(farthest-side at 50% 0, rgba(0,0,0,.18), rgba(0,0,0,0)) center top / 100% 14px no-repeat scroll',
    'radial-gradient(farthest-side at 50% 100%, rgba(0,0,0,.18), rgba(0,0,0,0)) center bottom / 100% 14px no-repeat scroll',
  ].join(', '),
} as const;

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
    // A landmark of its own, so the brand and the user block are not content outside every region.
    <Box component="aside" aria-label="Sidebar" sx={{ width: SIDEBAR_WIDTH, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ px: 2.5, py: 2 }}>
        <BrandMark />
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', ...SCROLL_SHADOWS }} data-testid="sidebar-scroll">
        <SidebarNav role={role} permissions={profile?.permissions} onNavigate={onNavigate} />
      </Box>
      <SidebarUser profile={profile} onSwitchLocation={onSwitchLocation} onLogout={onLogout} />
    </Box>
  );
}
