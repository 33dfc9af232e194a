import Alert from '@mui/material/Alert';
import type { ApprovalStatus } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile';
import { UsersPanel } from '../components/users-panel';
import { userActionsFor } from '../user-actions';

function UsersByApproval({ status, title, subtitle }: { status: ApprovalStatus; title: string; subtitle: string }) {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  const viewer = profile.data;
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <UsersPanel
        mode="approval"
        filter={{ approval_status: status }}
        showOrganization
        actionsFor={(user) => userActionsFor(viewer, user, 'approval')}
      />
    </>
  );
}

export function PendingUsersPage() {
  return <UsersByApproval status="pending" title="Pending Users" subtitle="Accounts waiting for approval." />;
}

export function RejectedUsersPage() {
  return <UsersByApproval status="rejected" title="Rejected Users" subtitle="Accounts that were not approved." />;
}
