import { useState } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS, type User } from '@clinic/domain';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { RowMenu } from '../../../components/row-menu';
import { ApprovalStatusChip, UserStatusChip } from '../../../components/status-chip';
import { formatDate } from '../../../lib/format';
import { fullName } from '../../../lib/profile';
import { USER_ACTION_LABELS, UserActionDialogs, type UserAction } from './user-action-dialogs';

/** Which list this is decides the status column and the row actions. */
export type UsersTableMode = 'manage' | 'approval' | 'deleted';

interface UsersTableProps {
  mode: UsersTableMode;
  users: User[];
  total: number;
  pageState: PageState;
  onPageStateChange: (next: PageState) => void;
  loading: boolean;
  error: string | null;
  /** Show the organization under the location (admin lists span organizations). */
  showOrganization: boolean;
  /** Row actions available to this person for this user. */
  actionsFor: (user: User) => UserAction[];
}

function statusColumnLabel(mode: UsersTableMode): string {
  if (mode === 'approval') return 'Approval';
  if (mode === 'deleted') return 'Deleted on';
  return 'Status';
}

export function UsersTable({ mode, users, total, pageState, onPageStateChange, loading, error, showOrganization, actionsFor }: UsersTableProps) {
  const [target, setTarget] = useState<{ user: User; action: UserAction } | null>(null);
  const hasActions = mode !== 'deleted';
  const columns = [
    { key: 'name', label: 'Name' },
    { key: 'email', label: 'Email' },
    { key: 'phone', label: 'Phone' },
    { key: 'role', label: 'Role' },
    { key: 'location', label: 'Location' },
    { key: 'status', label: statusColumnLabel(mode) },
    ...(hasActions ? [{ key: 'actions', label: 'Actions', align: 'right' as const, srOnly: true }] : []),
  ];

  return (
    <>
      <PagedTable
        label="Users"
        columns={columns}
        total={total}
        pageState={pageState}
        onPageStateChange={onPageStateChange}
        loading={loading}
        error={error}
        emptyText="No users found"
        rowCount={users.length}
      >
        {users.map((user) => {
          const name = fullName(user);
          return (
            <TableRow key={user.id} hover>
              <TableCell sx={{ fontWeight: 500 }}>{name}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.phone}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{ROLE_LABELS[user.role]}</TableCell>
              <TableCell>
                {user.company ? (
                  <>
                    {user.company.name}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {showOrganization
                        ? `${user.company.organization.name} · ${user.company.city}, ${user.company.state}`
                        : `${user.company.city}, ${user.company.state}`}
                    </Typography>
                  </>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell>
                {mode === 'approval' ? <ApprovalStatusChip status={user.approval_status} /> : null}
                {mode === 'manage' ? <UserStatusChip status={user.status} /> : null}
                {mode === 'deleted' ? formatDate(user.deleted_at) : null}
              </TableCell>
              {hasActions ? (
                <TableCell align="right">
                  <RowMenu
                    subject={name}
                    items={actionsFor(user).map((action) => ({ kind: action, label: USER_ACTION_LABELS[action] }))}
                    onSelect={(action) => { setTarget({ user, action }); }}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          );
        })}
      </PagedTable>
      <UserActionDialogs target={target} onClose={() => { setTarget(null); }} />
    </>
  );
}
