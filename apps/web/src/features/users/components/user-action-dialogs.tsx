import type { User } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { fullName } from '../../../lib/profile';
import { useDeleteUser, useResetUserPassword, useUpdateUser } from '../api/users-api';
import { ReassignLocationDialog } from './reassign-location-dialog';

export type UserAction = 'disable' | 'enable' | 'resetPassword' | 'reassign' | 'delete' | 'approve' | 'reject';

export const USER_ACTION_LABELS: Record<UserAction, string> = {
  disable: 'Disable',
  enable: 'Enable',
  resetPassword: 'Reset password',
  reassign: 'Reassign location',
  delete: 'Delete',
  approve: 'Approve',
  reject: 'Reject',
};

interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  destructive: boolean;
  success: string;
  failure: string;
}

function confirmationFor(action: Exclude<UserAction, 'reassign'>, name: string): Confirmation {
  switch (action) {
    case 'disable':
      return {
        title: 'Disable user',
        message: `Disable ${name}? They will not be able to sign in until they are enabled again.`,
        confirmLabel: 'Disable',
        destructive: true,
        success: 'User disabled',
        failure: 'Failed to disable user',
      };
    case 'enable':
      return {
        title: 'Enable user',
        message: `Enable ${name}? They will be able to sign in again.`,
        confirmLabel: 'Enable',
        destructive: false,
        success: 'User enabled',
        failure: 'Failed to enable user',
      };
    case 'resetPassword':
      return {
        title: 'Reset password',
        message: `Send ${name} an e-mail with a link to choose a new password?`,
        confirmLabel: 'Send link',
        destructive: false,
        success: 'Password reset e-mail sent',
        failure: 'Failed to reset password',
      };
    case 'delete':
      return {
        title: 'Delete user',
        message: `Delete ${name}? They will no longer be able to sign in. The account stays listed under Deleted Users.`,
        confirmLabel: 'Delete',
        destructive: true,
        success: 'User deleted',
        failure: 'Failed to delete user',
      };
    case 'approve':
      return {
        title: 'Approve user',
        message: `Approve ${name}? They will be able to sign in.`,
        confirmLabel: 'Approve',
        destructive: false,
        success: 'User approved',
        failure: 'Failed to approve user',
      };
    case 'reject':
      return {
        title: 'Reject user',
        message: `Reject ${name}? They will not be able to sign in.`,
        confirmLabel: 'Reject',
        destructive: true,
        success: 'User rejected',
        failure: 'Failed to reject user',
      };
  }
}

interface UserActionDialogsProps {
  target: { user: User; action: UserAction } | null;
  onClose: () => void;
}

/** The confirmation (or location picker) for the row action the person chose. */
export function UserActionDialogs({ target, onClose }: UserActionDialogsProps) {
  const notify = useNotify();
  const updateUser = useUpdateUser();
  const resetPassword = useResetUserPassword();
  const deleteUser = useDeleteUser();

  if (!target) return null;
  const { user, action } = target;
  if (action === 'reassign') return <ReassignLocationDialog user={user} onClose={onClose} />;

  const confirmation = confirmationFor(action, fullName(user));
  const handlers = {
    onSuccess: (result: unknown) => {
      const serverMessage =
        action === 'resetPassword' && typeof result === 'object' && result !== null && 'message' in result
          ? String(result.message)
          : null;
      notify.success(serverMessage ?? confirmation.success);
      onClose();
    },
    onError: (error: Error) => { notify.error(errorMessage(error, confirmation.failure)); },
  };

  const confirm = () => {
    switch (action) {
      case 'disable':
        updateUser.mutate({ id: user.id, body: { status: 'disabled' } }, handlers);
        break;
      case 'enable':
        updateUser.mutate({ id: user.id, body: { status: 'active' } }, handlers);
        break;
      case 'approve':
        updateUser.mutate({ id: user.id, body: { approval_status: 'approved' } }, handlers);
        break;
      case 'reject':
        updateUser.mutate({ id: user.id, body: { approval_status: 'rejected' } }, handlers);
        break;
      case 'resetPassword':
        resetPassword.mutate(user.id, handlers);
        break;
      case 'delete':
        deleteUser.mutate(user.id, handlers);
        break;
    }
  };

  return (
    <ConfirmDialog
      open
      title={confirmation.title}
      message={confirmation.message}
      confirmLabel={confirmation.confirmLabel}
      destructive={confirmation.destructive}
      loading={updateUser.isPending || resetPassword.isPending || deleteUser.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
