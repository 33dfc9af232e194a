import { can } from '@clinic/domain';
import { ProductFormDialog } from '../../features/products/components/product-form-dialog';
import { SuppliersPage } from '../../features/suppliers/pages/suppliers-page';
import { useSessionClaims } from '../../lib/auth-token';
import { useProfile } from '../../lib/profile';

const PROPOSAL_NOTICE = 'From the supplier’s price list. A product your location adds waits for the product admin’s approval; the item is matched to it as soon as it is added.';

/** /suppliers: the suppliers feature's page, whose price lists propose unmatched items as new products with the products feature's form. */
export function SuppliersRoute() {
  const profile = useProfile();
  const role = useSessionClaims()?.role ?? profile.data?.role;
  const canCreateProducts = can(profile.data?.permissions ?? {}, 'products', 'create');
  return (
    <SuppliersPage
      proposeProduct={
        canCreateProducts
          ? ({ draft, onCreated, onClose }) => <ProductFormDialog isAdmin={role === 'admin'} initialValues={draft} notice={PROPOSAL_NOTICE} onCreated={onCreated} onClose={onClose} />
          : undefined
      }
    />
  );
}
