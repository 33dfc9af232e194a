import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { ROLE_LABELS, type Profile } from '@clinic/domain';
import { PRODUCT_NAME } from '../../components/brand-mark';
import { AppLink } from '../../components/link';
import { fullName, initials, locationLine } from '../../lib/profile';

interface SidebarUserProps {
  profile: Profile | undefined;
  onSwitchLocation: () => void;
  onLogout: () => void;
}

export function SidebarUser({ profile, onSwitchLocation, onLogout }: SidebarUserProps) {
  const year = new Date().getFullYear();
  return (
    <Box sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        {profile ? (
          <>
            <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontSize: '1rem' }} aria-hidden>
              {initials(profile)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} noWrap title={fullName(profile)}>
                {fullName(profile)}
              </Typography>
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {ROLE_LABELS[profile.role]}
              </Typography>
            </Box>
          </>
        ) : (
          <>
            <Skeleton variant="circular" width={40} height={40} />
            <Skeleton width={120} />
          </>
        )}
      </Box>

      {profile?.role === 'organization_admin' && profile.company ? (
        <Box sx={{ mb: 1.5 }}>
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 0.5 }} data-testid="current-location">
            <PlaceOutlined fontSize="small" color="action" aria-hidden />
            {locationLine(profile.company)}
          </Typography>
          <Button size="small" variant="outlined" startIcon={<SwapHorizOutlined />} onClick={onSwitchLocation} fullWidth>
            Switch Location
          </Button>
        </Box>
      ) : null}

      <Button variant="text" color="inherit" startIcon={<LogoutOutlined />} onClick={onLogout} fullWidth sx={{ justifyContent: 'flex-start' }}>
        Logout
      </Button>

      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        © {year} {PRODUCT_NAME} ·{' '}
        <AppLink to="/terms" color="inherit">
          Terms &amp; Privacy
        </AppLink>
      </Typography>
    </Box>
  );
}
