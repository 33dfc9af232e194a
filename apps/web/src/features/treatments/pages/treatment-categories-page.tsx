import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { can, CATEGORY_MESSAGES, TREATMENT_MESSAGES, type TreatmentCategory } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, type PageState } from '../../../components/paged-table';
import { SearchField } from '../../../components/search-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProfile } from '../../../lib/profile';
import { treatmentCategoriesQueryOptions, useDeleteTreatmentCategory } from '../api/treatments-api';
import { TreatmentCategoryDialog } from '../components/treatment-category-dialog';

const COLUMNS = [
  { key: 'name', label: 'Category' },
  { key: 'description', label: 'Description' },
  { key: 'count', label: 'Treatments', align: 'right' as const },
  { key: 'actions', label: 'Actions', srOnly: true },
];

type Dialog = { kind: 'edit'; category?: TreatmentCategory } | { kind: 'delete'; category: TreatmentCategory };

/** /treatments/categories (Design treatments): the location's treatment categories. */
export function TreatmentCategoriesPage() {
  const notify = useNotify();
  const permissions = useProfile().data?.permissions ?? {};
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 250);
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const categories = useQuery(treatmentCategoriesQueryOptions(term, pageState.page + 1, pageState.perPage));
  const remove = useDeleteTreatmentCategory();
  const rows = categories.data?.results ?? [];

  return (
    <>
      <PageHeader
        title="Treatment Categories"
        subtitle="Group the treatments you design; each treatment lists the products its tray uses."
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<ListAltOutlined />} component={RouterLink} to="/treatment/design">
              All treatments
            </Button>
            {can(permissions, 'treatmentCategories', 'create') ? (
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => { setDialog({ kind: 'edit' }); }}>
                Add Category
              </Button>
            ) : null}
          </Stack>
        }
      />
      <Stack sx={{ mb: 2 }}>
        <SearchField
          label="Search categories"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPageState((s) => ({ ...s, page: 0 }));
          }}
        />
      </Stack>
      <PagedTable
        label="Treatment categories"
        columns={COLUMNS}
        total={categories.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={categories.isFetching}
        error={categories.isError ? errorMessage(categories.error, 'Could not load the treatment categories.') : null}
        emptyText={term ? 'No categories match the search.' : 'No treatment categories yet.'}
        rowCount={rows.length}
        minWidth={560}
      >
        {rows.map((category) => (
          <TableRow key={category.id} hover>
            <TableCell>
              <AppLink to={`/treatments/categories/${category.id}`}>{category.name}</AppLink>
            </TableCell>
            <TableCell>{category.description || '—'}</TableCell>
            <TableCell align="right">{category.treatment_count}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {can(permissions, 'treatmentCategories', 'update') ? (
                <IconButton aria-label={`Edit ${category.name}`} onClick={() => { setDialog({ kind: 'edit', category }); }}>
                  <EditOutlined />
                </IconButton>
              ) : null}
              {can(permissions, 'treatmentCategories', 'delete') ? (
                <IconButton aria-label={`Delete ${category.name}`} onClick={() => { setDialog({ kind: 'delete', category }); }}>
                  <DeleteOutlined />
                </IconButton>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      {dialog?.kind === 'edit' ? <TreatmentCategoryDialog category={dialog.category} onClose={() => { setDialog(null); }} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete Category"
        message={dialog?.kind === 'delete' ? `${dialog.category.name}: ${TREATMENT_MESSAGES.categoryDeleteConfirm}` : ''}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          remove.mutate(dialog.category.id, {
            onSuccess: () => {
              notify.success(CATEGORY_MESSAGES.deleted);
              setDialog(null);
            },
            onError: () => { notify.error(CATEGORY_MESSAGES.deleteFailed); },
          });
        }}
        onClose={() => { setDialog(null); }}
      />
    </>
  );
}
