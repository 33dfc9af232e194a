import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BrandMark } from '../../../components/brand-mark';

interface AuthShellProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  width?: number;
}

/** Centered card used by the public pages (sign in, register, password recovery). */
export function AuthShell({ title, subtitle, children, width = 440 }: AuthShellProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        background: 'linear-gradient(160deg, #e0f2f1 0%, #f4f7f8 45%, #e3f2fd 100%)',
      }}
    >
      <Paper sx={{ width: '100%', maxWidth: width, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ mb: 3 }}>
          <BrandMark />
        </Box>
        <Typography variant="h1" sx={{ mb: subtitle ? 0.5 : 3 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </Paper>
    </Box>
  );
}
