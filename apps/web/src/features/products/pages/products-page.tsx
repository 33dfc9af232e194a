import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { can, type ProductListOrder, type Profile } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { useSessionClaims } from '../../../lib/auth-token';
import { useProfile } from '../../../lib/profile';
import { ExportProductsButton } from '../components/export-products-button';
import type { ProductTarget } from '../components/product-dialogs-host';
import { ProductsTable } from '../components/products-table';
import { useProductSearch } from '../components/use-product-search';
import { productActionsFor } from '../product-actions';

// The dialogs (the product form with its form library) load when one opens, not with the list (issue 37).
const ProductFormDialog = lazy(async () => ({ default: (await import('../components/product-form-dialog')).ProductFormDialog }));
const ProductDialogsHost = lazy(async () => ({ default: (await import('../components/product-dialogs-host')).ProductDialogsHost }));

const TITLE = 'Products';

function Products({ profile }: { profile: Profile }) {
  const role = useSessionClaims()?.role ?? profile.role;
  const viewer = { role, permissions: profile.permissions };
  const [includeDeleted, setIncludeDeleted] = useState(false);
  // Days of cover come from the location's shelf (issue 35): for staff who read its stock.
  const showsCover = role !== 'admin' && can(profile.permissions, 'stock', 'read');
  const [order, setOrder] = useState<ProductListOrder>({ order: 'asc' });
  const sorted = showsCover && order.sort ? { sort: order.sort, order: order.order } : {};
  const list = useProductSearch({ approval: 'all', include_deleted: includeDeleted || undefined, ...sorted });
  const [adding, setAdding] = useState(false);
  const [target, setTarget] = useState<ProductTarget | null>(null);
  const canCreate = can(profile.permissions, 'products', 'create');
  // The export keeps the catalog's name order.
  const { currentPage: _page, perPage: _perPage, sort: _sort, order: _order, ...filter } = list.params;

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={role === 'admin' ? 'The master catalog every location orders from.' : 'The catalog, and the products your location added.'}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <ExportProductsButton filter={filter} />
            {canCreate ? (
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => { setAdding(true); }}>
                Add Product
              </Button>
            ) : null}
          </Box>
        }
      />
      <Box data-tour="product-search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <SearchField label="Search products" value={list.search} onChange={list.setSearch} />
        <FormControlLabel
          control={<Switch checked={includeDeleted} onChange={(event) => { setIncludeDeleted(event.target.checked); }} />}
          label="Show deleted"
        />
      </Box>
      <ProductsTable
        products={list.query.data?.results ?? []}
        total={list.query.data?.total ?? 0}
        totalIsCapped={list.query.data?.totalIsCapped ?? false}
        pageState={list.pageState}
        onPageStateChange={list.setPageState}
        loading={list.query.isFetching}
        error={list.query.isError ? errorMessage(list.query.error, 'Could not load products.') : null}
        emptyText={list.search ? 'No products match your search' : 'No products yet'}
        coverColumn={showsCover}
        order={order}
        onOrderChange={(next) => {
          setOrder(next);
          list.setPageState((state) => ({ ...state, page: 0 }));
        }}
        viewer={viewer}
        actionsFor={(product) => productActionsFor(viewer, product)}
        onAction={(product, action) => { setTarget({ product, action }); }}
      />
      <Suspense fallback={null}>
        {adding ? <ProductFormDialog isAdmin={role === 'admin'} onClose={() => { setAdding(false); }} /> : null}
        {target ? <ProductDialogsHost target={target} viewer={viewer} onClose={() => { setTarget(null); }} /> : null}
      </Suspense>
    </>
  );
}

/** /products and /products-v2: the fuzzy, prefetched product search. */
export function ProductsPage() {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  if (!can(profile.data.permissions, 'products', 'read')) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Alert severity="info">Your account does not have access to products. Ask your location administrator.</Alert>
      </>
    );
  }
  return <Products profile={profile.data} />;
}
