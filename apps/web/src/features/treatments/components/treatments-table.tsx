import { useState } from 'react';
import { AppLink } from '../../../components/link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { TREATMENTS_PAGE_SIZE } from '@clinic/domain';
import { PagedTable } from '../../../components/paged-table';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { treatmentsQueryOptions } from '../api/treatments-api';

const COLUMNS = [
  { key: 'code', label: 'Treatment Code' },
  { key: 'name', label: 'Name' },
  { key: 'abbreviation', label: 'Abbreviation' },
  { key: 'category', label: 'Category' },
  { key: 'products', label: 'Products', align: 'right' as const },
  { key: 'cost', label: 'Estimated cost', align: 'right' as const },
];

/** Spec section 9: treatments tables show 5 rows a page; searched by code, name or abbreviation. */
export function TreatmentsTable({ categoryId, label }: { categoryId?: string; label: string }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 250);
  const [page, setPage] = useState(0);
  const treatments = useQuery(treatmentsQueryOptions({ search: term, categoryId }, page + 1, TREATMENTS_PAGE_SIZE));
  const rows = treatments.data?.results ?? [];
  return (
    <>
      <Stack sx={{ mb: 2 }}>
        <SearchField
          label="Search treatments"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(0);
          }}
        />
      </Stack>
      <PagedTable
        label={label}
        columns={COLUMNS}
        total={treatments.data?.total ?? 0}
        pageState={{ page, perPage: TREATMENTS_PAGE_SIZE }}
        onPageStateChange={(next) => { setPage(next.page); }}
        rowsPerPageOptions={[TREATMENTS_PAGE_SIZE]}
        loading={treatments.isFetching}
        error={treatments.isError ? errorMessage(treatments.error, 'Could not load the treatments.') : null}
        emptyText={term ? 'No treatments match the search.' : 'No treatments designed yet.'}
        rowCount={rows.length}
        minWidth={760}
      >
        {rows.map((treatment) => (
          <TableRow key={treatment.id} hover>
            <TableCell>
              <AppLink to={`/treatment/design/${treatment.id}`}>{treatment.treatment_code}</AppLink>
            </TableCell>
            <TableCell>{treatment.name}</TableCell>
            <TableCell>{treatment.abbreviation || '—'}</TableCell>
            <TableCell>{treatment.category?.name ?? '—'}</TableCell>
            <TableCell align="right">{treatment.treatmentProducts.length}</TableCell>
            <TableCell align="right">{formatDollars(treatment.estimated_cost)}</TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </>
  );
}
