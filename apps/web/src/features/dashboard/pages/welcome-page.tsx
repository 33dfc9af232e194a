import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { useNavigate } from 'react-router';
import type { Role } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { useProfile } from '../../../lib/profile';
import { dismissWelcome, homePath } from '../../../lib/session';

function firstSteps(role: Role | undefined): string[] {
  const steps = ['Check your name and phone number on your Profile.'];
  if (role === 'admin') steps.push('Review new clinics in Manage Clients and approve the ones you have met.');
  if (role === 'organization_admin') steps.push('Use Switch Location in the menu to move between your locations.');
  if (role === 'organization_admin' || role === 'company_admin') {
    steps.push('Invite your team from Manage Users and give each person a role and a location.');
  }
  return steps;
}

/** Shown once after signing in; Continue clears the flag and opens the home page. */
export function WelcomePage() {
  const navigate = useNavigate();
  const profile = useProfile();

  const proceed = () => {
    dismissWelcome();
    void navigate(homePath(), { replace: true });
  };

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageHeader
        title="Welcome to Clinic Inventory"
        subtitle={profile.data ? `Hello ${profile.data.first_name}, good to have you here.` : undefined}
      />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 1 }}>
          Clinic Inventory keeps your clinic&apos;s stock, purchasing and treatments in one place. To get started:
        </Typography>
        <List dense>
          {firstSteps(profile.data?.role).map((text) => (
            <ListItem key={text} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <CheckCircleOutlined color="primary" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={text} />
            </ListItem>
          ))}
        </List>
        <Button variant="contained" size="large" onClick={proceed} sx={{ mt: 2 }}>
          Continue
        </Button>
      </Paper>
    </Box>
  );
}
