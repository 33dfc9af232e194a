import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { APPROVAL_STATUSES, type ApprovalStatus } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import type { PageState } from '../../../components/paged-table';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { organizationsQueryOptions } from '../api/organizations-api';
import { OrganizationsTable } from '../components/organizations-table';

const STATUS_LABELS: Record<ApprovalStatus, string> = { approved: 'Approved', pending: 'Pending', rejected: 'Rejected' };
const ANY_STATUS = 'all';

export function ClientsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ApprovalStatus | typeof ANY_STATUS>(ANY_STATUS);
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const debouncedSearch = useDebouncedValue(search.trim());
  const organizations = useQuery(
    organizationsQueryOptions({
      currentPage: pageState.page + 1,
      perPage: pageState.perPage,
      search: debouncedSearch || undefined,
      approval_status: status === ANY_STATUS ? undefined : status,
    }),
  );

  return (
    <>
      <PageHeader title="Manage Clients" tourId="clients" subtitle="Organizations using the product, their locations and approval." />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <SearchField
          label="Search clients"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPageState((state) => ({ ...state, page: 0 }));
          }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ApprovalStatus | typeof ANY_STATUS);
            setPageState((state) => ({ ...state, page: 0 }));
          }}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value={ANY_STATUS}>All statuses</MenuItem>
          {APPROVAL_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {STATUS_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <OrganizationsTable
        organizations={organizations.data?.results ?? []}
        total={organizations.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={organizations.isFetching}
        error={organizations.isError ? errorMessage(organizations.error, 'Could not load clients.') : null}
      />
    </>
  );
}
