import { PageHeader } from '../../../components/page-header';
import { UsersPanel } from '../components/users-panel';

const NO_ACTIONS = () => [];

export function DeletedUsersPage() {
  return (
    <>
      <PageHeader title="Deleted Users" subtitle="Accounts removed by their organization; they can no longer sign in." />
      <UsersPanel mode="deleted" filter={{ deleted: true }} showOrganization actionsFor={NO_ACTIONS} />
    </>
  );
}
