import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useQuery } from '@tanstack/react-query';
import { can, type Category, type Profile } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { useSessionClaims } from '../../../lib/auth-token';
import { useProfile } from '../../../lib/profile';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { categoriesQueryOptions } from '../api/categories-api';
import { CategoriesGrid } from '../components/categories-grid';
import { CreateCategoryDialog, EditCategoryDialog } from '../components/category-form-dialog';
import { DeleteCategoryDialog } from '../components/delete-category-dialog';
import { categoryActionsFor, isSharedCategory, type CategoryAction } from '../category-actions';
import { LoadingBar } from '../../../components/loading-bar';

const TITLE = 'Categories';
/** Divides evenly into rows of one to four cards. */
const CATEGORIES_PER_PAGE = 24;

function Categories({ profile }: { profile: Profile }) {
  // The role decides what is shared; it is read from the token, as the route guards do.
  const role = useSessionClaims()?.role ?? profile.role;
  const viewer = { role, permissions: profile.permissions };
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [target, setTarget] = useState<{ category: Category; action: CategoryAction } | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const categories = useQuery(categoriesQueryOptions({ search: debouncedSearch || undefined, currentPage: page, perPage: CATEGORIES_PER_PAGE }));
  const canCreate = can(profile.permissions, 'categories', 'create');
  const lastPage = categories.data?.lastPage ?? 1;
  const closeTarget = () => { setTarget(null); };

  // Deleting the only card of the last page would leave an empty page behind; step back instead
  // (adjusted while rendering, as React advises, rather than in an effect a render later).
  if (page > lastPage) setPage(lastPage);

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Group your products so they are quick to find."
        actions={
          canCreate ? (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => { setAdding(true); }}>
              Add Category
            </Button>
          ) : null
        }
      />
      <Box sx={{ mb: 2 }}>
        <SearchField
          label="Search categories"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </Box>
      {categories.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(categories.error, 'Could not load categories.')}
        </Alert>
      ) : null}
      <LoadingBar loading={categories.isFetching && !categories.isPending} sx={{ mb: 1 }} />
      <CategoriesGrid
        categories={categories.data?.results ?? []}
        pending={categories.isPending && !categories.isError}
        emptyText={debouncedSearch ? 'No categories match your search' : 'No categories yet'}
        isShared={(category) => isSharedCategory(category, role)}
        actionsFor={(category) => categoryActionsFor(viewer, category)}
        onAction={(category, action) => { setTarget({ category, action }); }}
      />
      {lastPage > 1 ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Pagination
            count={lastPage}
            page={page}
            onChange={(_event, next) => { setPage(next); }}
            color="primary"
            siblingCount={phone ? 0 : 1}
            aria-label="Category pages"
          />
        </Box>
      ) : null}
      {adding ? <CreateCategoryDialog onClose={() => { setAdding(false); }} /> : null}
      {target?.action === 'edit' ? <EditCategoryDialog key={target.category.id} category={target.category} onClose={closeTarget} /> : null}
      {target?.action === 'delete' ? <DeleteCategoryDialog key={target.category.id} category={target.category} onClose={closeTarget} /> : null}
    </>
  );
}

export function CategoriesPage() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  if (!can(profile.data.permissions, 'categories', 'read')) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Alert severity="info">Your account does not have access to categories. Ask your location administrator.</Alert>
      </>
    );
  }
  return <Categories profile={profile.data} />;
}
