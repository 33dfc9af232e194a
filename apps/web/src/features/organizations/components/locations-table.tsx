import { useState } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api-client';
import { companiesQueryOptions } from '../../../lib/companies';
import { formatDate } from '../../../lib/format';

const COLUMNS = [
  { key: 'name', label: 'Location' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'created', label: 'Added' },
];

export function LocationsTable({ organizationId }: { organizationId: string }) {
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const locations = useQuery(
    companiesQueryOptions({ organization_id: organizationId, currentPage: pageState.page + 1, perPage: pageState.perPage }),
  );
  const rows = locations.data?.results ?? [];
  return (
    <PagedTable
      label="Locations"
      columns={COLUMNS}
      total={locations.data?.total ?? 0}
      pageState={pageState}
      onPageStateChange={setPageState}
      loading={locations.isFetching}
      error={locations.isError ? errorMessage(locations.error, 'Could not load locations.') : null}
      emptyText="No locations yet"
      rowCount={rows.length}
      minWidth={520}
    >
      {rows.map((company) => (
        <TableRow key={company.id}>
          <TableCell sx={{ fontWeight: 500 }}>{company.name}</TableCell>
          <TableCell>{company.city}</TableCell>
          <TableCell>{company.state}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(company.created_at)}</TableCell>
        </TableRow>
      ))}
    </PagedTable>
  );
}
