import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ApprovalStatus, UserStatus } from '@clinic/domain';

const APPROVAL: Record<ApprovalStatus, { label: string; color: ChipProps['color'] }> = {
  approved: { label: 'Approved', color: 'success' },
  pending: { label: 'Pending', color: 'warning' },
  rejected: { label: 'Rejected', color: 'error' },
};

const USER_STATUS: Record<UserStatus, { label: string; color: ChipProps['color'] }> = {
  active: { label: 'Active', color: 'success' },
  disabled: { label: 'Disabled', color: 'default' },
};

export function ApprovalStatusChip({ status }: { status: ApprovalStatus }) {
  const { label, color } = APPROVAL[status];
  return <Chip size="small" variant="outlined" label={label} color={color} />;
}

export function UserStatusChip({ status }: { status: UserStatus }) {
  const { label, color } = USER_STATUS[status];
  return <Chip size="small" variant="outlined" label={label} color={color} />;
}
