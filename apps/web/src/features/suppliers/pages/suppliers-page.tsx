import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useQuery } from '@tanstack/react-query';
import { can, type Profile, type Supplier } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import type { PageState } from '../../../components/paged-table';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { useSessionClaims } from '../../../lib/auth-token';
import { useProfile } from '../../../lib/profile';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { suppliersQueryOptions } from '../api/suppliers-api';
import { DeleteSupplierDialog } from '../components/delete-supplier-dialog';
import { PriceListDialog } from '../components/price-list-dialog';
import { CreateSupplierDialog, EditSupplierDialog } from '../components/supplier-form-dialog';
import { SuppliersTable } from '../components/suppliers-table';
import type { ProposeProductSlot } from '../price-list-item-actions';
import { isSharedSupplier, supplierActionsFor, type SupplierAction } from '../supplier-actions';

const TITLE = 'Suppliers';

export interface SuppliersPageProps {
  /** The app's Add Product form, for proposing an unmatched price list item as a new product. */
  proposeProduct?: ProposeProductSlot | undefined;
}

function Suppliers({ profile, proposeProduct }: SuppliersPageProps & { profile: Profile }) {
  // The role decides what is shared; it is read from the token, as the route guards do.
  const role = useSessionClaims()?.role ?? profile.role;
  const viewer = { role, permissions: profile.permissions };
  const [search, setSearch] = useState('');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const [adding, setAdding] = useState(false);
  const [target, setTarget] = useState<{ supplier: Supplier; action: SupplierAction } | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const suppliers = useQuery(
    suppliersQueryOptions({ search: debouncedSearch || undefined, currentPage: pageState.page + 1, perPage: pageState.perPage }),
  );
  const canCreate = can(profile.permissions, 'suppliers', 'create');
  const closeTarget = () => { setTarget(null); };

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Where your location buys its products."
        actions={
          canCreate ? (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => { setAdding(true); }}>
              Add Supplier
            </Button>
          ) : null
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <SearchField
          label="Search suppliers"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPageState((state) => ({ ...state, page: 0 }));
          }}
        />
      </Box>
      <SuppliersTable
        suppliers={suppliers.data?.results ?? []}
        total={suppliers.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={suppliers.isFetching}
        error={suppliers.isError ? errorMessage(suppliers.error, 'Could not load suppliers.') : null}
        isShared={(supplier) => isSharedSupplier(supplier, role)}
        actionsFor={(supplier) => supplierActionsFor(viewer, supplier)}
        onAction={(supplier, action) => { setTarget({ supplier, action }); }}
      />
      {canCreate ? <CreateSupplierDialog open={adding} onClose={() => { setAdding(false); }} /> : null}
      {target?.action === 'edit' ? <EditSupplierDialog key={target.supplier.id} supplier={target.supplier} onClose={closeTarget} /> : null}
      {target?.action === 'delete' ? <DeleteSupplierDialog key={target.supplier.id} supplier={target.supplier} onClose={closeTarget} /> : null}
      {target?.action === 'priceList' ? (
        <PriceListDialog key={target.supplier.id} supplier={target.supplier} canManage={can(profile.permissions, 'suppliers', 'update')} proposeProduct={proposeProduct} onClose={closeTarget} />
      ) : null}
    </>
  );
}

export function SuppliersPage({ proposeProduct }: SuppliersPageProps = {}) {
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  if (!can(profile.data.permissions, 'suppliers', 'read')) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Alert severity="info">Your account does not have access to suppliers. Ask your location administrator.</Alert>
      </>
    );
  }
  return <Suppliers profile={profile.data} proposeProduct={proposeProduct} />;
}
