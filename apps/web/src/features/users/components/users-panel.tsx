import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@clinic/domain';
import type { PageState } from '../../../components/paged-table';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usersQueryOptions, type UserListParams } from '../api/users-api';
import type { UserAction } from './user-action-dialogs';
import { UsersTable, type UsersTableMode } from './users-table';

interface UsersPanelProps {
  mode: UsersTableMode;
  /** Fixed filters of this list (organization, approval status, deleted...). */
  filter: Omit<UserListParams, 'currentPage' | 'perPage' | 'search'>;
  showOrganization: boolean;
  actionsFor: (user: User) => UserAction[];
  /** Extra controls beside the search box (filters, Add User). */
  toolbar?: ReactNode;
}

/** Searchable, paginated user list with row actions; every users page is one of these. */
export function UsersPanel({ mode, filter, showOrganization, actionsFor, toolbar }: UsersPanelProps) {
  const [search, setSearch] = useState('');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const debouncedSearch = useDebouncedValue(search.trim());

  // A different filter is a different list: start again from its first page.
  const filterKey = JSON.stringify(filter);
  const [listedFilter, setListedFilter] = useState(filterKey);
  if (listedFilter !== filterKey) {
    setListedFilter(filterKey);
    setPageState((state) => ({ ...state, page: 0 }));
  }
  const users = useQuery(
    usersQueryOptions({
      ...filter,
      search: debouncedSearch || undefined,
      currentPage: pageState.page + 1,
      perPage: pageState.perPage,
    }),
  );

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <SearchField
          label="Search users"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPageState((state) => ({ ...state, page: 0 }));
          }}
        />
        {toolbar}
      </Box>
      <UsersTable
        mode={mode}
        users={users.data?.results ?? []}
        total={users.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={users.isFetching}
        error={users.isError ? errorMessage(users.error, 'Could not load users.') : null}
        showOrganization={showOrganization}
        actionsFor={actionsFor}
      />
    </>
  );
}
