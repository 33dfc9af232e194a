import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

interface ShortcutCardProps {
  title: string;
  description: string;
  to: string;
  icon: ReactNode;
  /** A real figure from the server, e.g. how many clients wait for approval. */
  badge?: ReactNode;
}

export function ShortcutCard({ title, description, to, icon, badge }: ShortcutCardProps) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
            <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
              {icon}
            </Box>
            <Typography variant="h3" component="h2">
              {title}
            </Typography>
          </Box>
          <Typography color="text.secondary" variant="body2">
            {description}
          </Typography>
          {badge ? <Box sx={{ mt: 1.5 }}>{badge}</Box> : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
