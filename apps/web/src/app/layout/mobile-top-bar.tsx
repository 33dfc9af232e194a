import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import { BrandMark } from '../../components/brand-mark';

/**
 * Phones and tablets: the menu, the brand, and the voice assistant one tap away. The assistant sits
 * here rather than in the bottom bar (the spec's five tabs keep their whole labels at 360 px) or in
 * a floating button (which would cover the last row of a page).
 */
export function MobileTopBar({ onOpenMenu, onOpenAssistant }: { onOpenMenu: () => void; onOpenAssistant?: (() => void) | undefined }) {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar>
        <IconButton edge="start" aria-label="Open menu" onClick={onOpenMenu} sx={{ mr: 1 }}>
          <MenuIcon />
        </IconButton>
        <BrandMark />
        <Box sx={{ flex: 1 }} />
        {onOpenAssistant ? (
          <Button aria-label="Open assistant" startIcon={<SmartToyOutlined />} onClick={onOpenAssistant} sx={{ flexShrink: 0 }}>
            Assistant
          </Button>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
