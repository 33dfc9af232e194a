import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import EventOutlined from '@mui/icons-material/EventOutlined';
import { useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES, type Profile, type PublicConfig } from '@clinic/domain';
import Link from '@mui/material/Link';
import { publicConfigQueryOptions, supportMailto } from '../../lib/config';
import { profileQueryOptions } from '../../lib/profile';

export const APPROVAL_POLL_MS = 30_000;

/** Why the organization keeps its users out ('pending' or 'rejected'), or null when it does not. */
export function blockingStatus(profile: Profile | undefined) {
  if (!profile || profile.role === 'admin' || !profile.company) return null;
  const status = profile.company.organization.approvalStatus;
  return status === 'approved' ? null : status;
}

/** The booking page when the server names one, support's e-mail as a link when it names that too. */
function HowToMeet({ config, organizationName }: { config: PublicConfig | undefined; organizationName: string }) {
  const email = config?.support_email;
  const mail = email ? (
    <Link href={supportMailto(email, organizationName)} sx={{ overflowWrap: 'anywhere' }}>
      {email}
    </Link>
  ) : null;
  if (config?.booking_url) return mail ? <>Book a time that suits you, or write to {mail}.</> : <>Book a time that suits you.</>;
  if (mail) return <>Write to {mail} to arrange it.</>;
  return <>We will contact you to arrange it.</>;
}

/**
 * Blocks the app until the product admin approves the organization.
 * It cannot be dismissed; it checks the profile every 30 s and disappears on approval.
 */
export function PendingOrganizationDialog({ onLogout }: { onLogout: () => void }) {
  const profile = useQuery({
    ...profileQueryOptions(),
    refetchInterval: (query) => (blockingStatus(query.state.data) === 'pending' ? APPROVAL_POLL_MS : false),
  });
  const status = blockingStatus(profile.data);
  const config = useQuery({ ...publicConfigQueryOptions(), enabled: status === 'pending' });
  if (!status || !profile.data?.company) return null;

  const organizationName = profile.data.company.organization.name;
  const link = config.data?.booking_url ?? null;
  const pending = status === 'pending';

  return (
    <Dialog open aria-labelledby="pending-organization-title" aria-describedby="pending-organization-text">
      <DialogTitle id="pending-organization-title">
        {pending ? 'Schedule a meeting' : 'Organization not approved'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="pending-organization-text" sx={{ mb: 1.5 }}>
          {pending
            ? `${AUTH_MESSAGES.organizationPending} Our team approves ${organizationName} after a short onboarding meeting, where we set up your locations and answer your questions.`
            : `${AUTH_MESSAGES.accountRejected} Contact our team if you think this is a mistake.`}
        </DialogContentText>
        {pending ? (
          <DialogContentText>
            <HowToMeet config={config.data} organizationName={organizationName} /> This window closes by itself as soon as your organization is approved.
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onLogout}>Logout</Button>
        {link ? (
          <Button variant="contained" startIcon={<EventOutlined />} href={link} target="_blank" rel="noopener noreferrer">
            Schedule a meeting
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
