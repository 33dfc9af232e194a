import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { can, PRODUCT_SEARCH_PAGE_SIZE } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import type { PageState } from '../../../components/paged-table';
import { SearchField } from '../../../components/search-field';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { categoryQueryOptions } from '../api/categories-api';
import { categoryProductsQueryOptions, usePrefetchNeighbourPages } from '../api/category-products-api';
import { ProductListTable } from '../../../components/product-list-table';

const BACK = (
  <IconButton component={RouterLink} to="/categories" aria-label="Back to categories">
    <ArrowBack />
  </IconButton>
);

/** The products of one category, searchable and paged. */
function CategoryProducts({ categoryId }: { categoryId: string }) {
  const category = useQuery(categoryQueryOptions(categoryId));
  const [search, setSearch] = useState('');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: PRODUCT_SEARCH_PAGE_SIZE });
  const debouncedSearch = useDebouncedValue(search.trim());
  const params = { categoryId, search: debouncedSearch || undefined, currentPage: pageState.page + 1, perPage: pageState.perPage };
  const products = useQuery(categoryProductsQueryOptions(params));
  // A capped total ("3,000+") has more pages than its lastPage: prefetch on past it.
  usePrefetchNeighbourPages(params, products.data?.totalIsCapped ? Number.POSITIVE_INFINITY : products.data?.lastPage);

  if (category.isError) {
    return (
      <>
        <PageHeader title="Category" leading={BACK} />
        <Alert severity={isMissingRecord(category.error) ? 'info' : 'error'}>{isMissingRecord(category.error) ? 'This category does not exist or is not in your catalog.' : errorMessage(category.error, 'Could not load this category.')}</Alert>
      </>
    );
  }

  return (
    <>
      {/* The title waits for the name rather than flashing a generic one. */}
      {category.isPending ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
          {BACK}
          <Skeleton width={220} height={42} aria-label="Loading category" />
        </Box>
      ) : (
        <PageHeader title={category.data.name} subtitle={category.data.description || undefined} leading={BACK} />
      )}
      <Box sx={{ mb: 2 }}>
        <SearchField
          label="Search products"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPageState((state) => ({ ...state, page: 0 }));
          }}
        />
      </Box>
      <ProductListTable
        catalogColumns={false}
        products={products.data?.results ?? []}
        total={products.data?.total ?? 0}
        totalIsCapped={products.data?.totalIsCapped ?? false}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={products.isFetching}
        error={products.isError ? errorMessage(products.error, 'Could not load the products.') : null}
        emptyText={debouncedSearch ? 'No products match your search' : 'No products in this category'}
      />
    </>
  );
}

export function CategoryProductsPage() {
  const { categoryId = '' } = useParams();
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  const { permissions } = profile.data;
  if (!can(permissions, 'categories', 'read') || !can(permissions, 'products', 'read')) {
    return (
      <>
        <PageHeader title="Category" leading={BACK} />
        <Alert severity="info">Your account does not have access to categories and products. Ask your location administrator.</Alert>
      </>
    );
  }
  return <CategoryProducts key={categoryId} categoryId={categoryId} />;
}
