import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { BrandMark } from '../../components/brand-mark';

export function MobileTopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar>
        <IconButton edge="start" aria-label="Open menu" onClick={onOpenMenu} sx={{ mr: 1 }}>
          <MenuIcon />
        </IconButton>
        <BrandMark />
      </Toolbar>
    </AppBar>
  );
}
