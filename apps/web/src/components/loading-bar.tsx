import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';

interface LoadingBarProps {
  loading: boolean;
  label?: string;
  sx?: SxProps<Theme>;
}

/**
 * A thin bar while a list or report refreshes, and the same 4 px of space while it does not, so
 * what is below never jumps. The bar is mounted only while loading: MUI's indeterminate bar
 * animates its position, which costs style and layout on the main thread every frame, and hidden
 * with `visibility` it went on animating: six at once kept a phone's main thread busy after the
 * dashboard had loaded (issue 37).
 */
export function LoadingBar({ loading, label = 'Loading', sx }: LoadingBarProps) {
  const placed = Array.isArray(sx) ? sx : [sx];
  if (loading) return <LinearProgress aria-label={label} sx={sx} />;
  return <Box aria-hidden sx={[{ height: 4 }, ...placed]} />;
}
