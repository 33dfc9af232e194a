import { can, type Profile, type User } from '@clinic/domain';
import type { UserAction } from './components/user-action-dialogs';
import type { UsersTableMode } from './components/users-table';

/**
 * Row actions a signed-in person may take on a user in a given list.
 * Nobody acts on their own account from a list; the server enforces the same rules.
 */
export function userActionsFor(viewer: Pick<Profile, 'id' | 'role' | 'permissions'>, user: User, mode: UsersTableMode): UserAction[] {
  if (user.id === viewer.id || mode === 'deleted') return [];

  if (mode === 'approval') {
    if (!can(viewer.permissions, 'users', 'approve')) return [];
    if (user.approval_status === 'pending') return ['approve', 'reject'];
    if (user.approval_status === 'rejected') return ['approve'];
    return ['reject'];
  }

  const actions: UserAction[] = [];
  if (can(viewer.permissions, 'users', 'update')) {
    // A disabled account cannot sign in, so a reset link would be useless until it is enabled.
    actions.push(...(user.status === 'active' ? (['disable', 'resetPassword'] as const) : (['enable'] as const)));
    // Only people who oversee several locations can move someone between them.
    if (viewer.role === 'admin' || viewer.role === 'organization_admin') actions.push('reassign');
  }
  if (can(viewer.permissions, 'users', 'delete')) actions.push('delete');
  return actions;
}
