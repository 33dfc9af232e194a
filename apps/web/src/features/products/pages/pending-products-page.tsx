import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Profile } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile';
import { ProductDialogsHost, type ProductTarget } from '../components/product-dialogs-host';
import { ProductsTable } from '../components/products-table';
import { useProductSearch } from '../components/use-product-search';
import { productActionsFor } from '../product-actions';

function PendingProducts({ profile }: { profile: Profile }) {
  const viewer = { role: profile.role, permissions: profile.permissions };
  const list = useProductSearch({ approval: 'pending' });
  const [target, setTarget] = useState<ProductTarget | null>(null);
  return (
    <>
      <PageHeader title="Pending Products" subtitle="Products locations submitted. Approve them into the catalog, or reject them." />
      <Box sx={{ mb: 2 }}>
        <SearchField label="Search pending products" value={list.search} onChange={list.setSearch} />
      </Box>
      <ProductsTable
        products={list.query.data?.results ?? []}
        total={list.query.data?.total ?? 0}
        totalIsCapped={list.query.data?.totalIsCapped ?? false}
        pageState={list.pageState}
        onPageStateChange={list.setPageState}
        loading={list.query.isFetching}
        error={list.query.isError ? errorMessage(list.query.error, 'Could not load products.') : null}
        emptyText="No products are waiting for approval"
        showSubmitter
        viewer={viewer}
        actionsFor={(product) => productActionsFor(viewer, product)}
        onAction={(product, action) => { setTarget({ product, action }); }}
      />
      <ProductDialogsHost target={target} viewer={viewer} onClose={() => { setTarget(null); }} />
    </>
  );
}

/** /products/pending (admin): the approval queue. */
export function PendingProductsPage() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  return <PendingProducts profile={profile.data} />;
}
