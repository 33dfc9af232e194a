import { useState, type ReactNode } from 'react';
import { useParams, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { can, type PermissionMap, type Profile, type ProductDetail as ProductDetailData } from '@clinic/domain';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { useSessionClaims } from '../../../lib/auth-token';
import { useProfile } from '../../../lib/profile';
import { productQueryOptions } from '../api/products-api';
import { AttachmentsSection } from '../components/attachments-section';
import { MinimumStockInline } from '../components/minimum-stock-inline';
import { AssociatedTreatmentsTable } from '../components/associated-treatments-table';
import { StocksOverviewTable } from '../components/stocks-overview-table';
import { ProductDialogsHost, type ProductTarget } from '../components/product-dialogs-host';
import { ProductOverview } from '../components/product-overview';
import { deleteLabel, productActionsFor } from '../product-actions';

/** Sections other features render on the product page (app/ composes them: features stay apart). */
export type ProductSection = (product: ProductDetailData, permissions: PermissionMap) => ReactNode;

function ProductDetail({ profile, productId, stockRoom, tracking }: { profile: Profile; productId: string; stockRoom?: ProductSection | undefined; tracking?: ProductSection | undefined }) {
  const navigate = useNavigate();
  const claims = useSessionClaims();
  const role = claims?.role ?? profile.role;
  const viewer = { role, permissions: profile.permissions };
  const product = useQuery(productQueryOptions(productId));
  const [target, setTarget] = useState<ProductTarget | null>(null);

  if (product.isPending) return <PageLoader />;
  if (product.isError) {
    const missing = isMissingRecord(product.error);
    return <Alert severity={missing ? 'info' : 'error'}>{missing ? 'This product does not exist or is not in your catalog.' : errorMessage(product.error, 'Could not load the product.')}</Alert>;
  }
  const data = product.data;
  const actions = productActionsFor(viewer, data);
  const isAdmin = role === 'admin';
  const canUpdate = can(profile.permissions, 'products', 'update');

  return (
    <>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3, flexWrap: 'wrap' }}>
        <IconButton aria-label="Back to products" onClick={() => void navigate(-1)}>
          <ArrowBack />
        </IconButton>
        {/* The name keeps the row's width and breaks between words only; on phones the actions go below it. */}
        <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, fontWeight: 700, overflowWrap: 'break-word' }}>
          {data.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ width: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end' }}>
          {actions.includes('approve') ? (
            <Button variant="outlined" color="success" onClick={() => { setTarget({ product: data, action: 'approve' }); }}>
              Approve
            </Button>
          ) : null}
          {actions.includes('reject') ? (
            <Button variant="outlined" color="error" onClick={() => { setTarget({ product: data, action: 'reject' }); }}>
              Reject
            </Button>
          ) : null}
          {actions.includes('delete') ? (
            <Button color="error" onClick={() => { setTarget({ product: data, action: 'delete' }); }}>
              {deleteLabel(viewer, data)}
            </Button>
          ) : null}
          {actions.includes('edit') ? (
            <Button variant="contained" startIcon={<EditOutlined />} onClick={() => { setTarget({ product: data, action: 'edit' }); }}>
              Edit
            </Button>
          ) : null}
        </Stack>
      </Box>
      <Stack spacing={3}>
        <ProductOverview product={data} minimumStock={isAdmin ? null : <MinimumStockInline productId={data.id} value={data.minimum_stock} canEdit={canUpdate && data.deleted_at === null} />} />
        {isAdmin ? <StocksOverviewTable rows={data.companyStocksOverview} /> : data.deleted_at === null ? stockRoom?.(data, profile.permissions) : null}
        <AssociatedTreatmentsTable rows={data.associatedTreatments} searchable={isAdmin} linkable={!isAdmin && can(profile.permissions, 'treatments', 'read')} />
        <AttachmentsSection
          productId={data.id}
          attachments={data.attachments}
          canManage={canUpdate && data.deleted_at === null}
          ownerCompanyId={isAdmin ? null : (claims?.company_id ?? null)}
        />
        {isAdmin ? null : tracking?.(data, profile.permissions)}
      </Stack>
      <ProductDialogsHost target={target} viewer={viewer} onClose={() => { setTarget(null); }} leaveTo="/products" />
    </>
  );
}

/**
 * /products/{productId} (spec section 2). The admin sees who holds the product; a location sees
 * its Stock Room and Track Product Consumption, which the stock feature renders through
 * `stockRoom` and `tracking`.
 */
export function ProductDetailPage({ stockRoom, tracking }: { stockRoom?: ProductSection; tracking?: ProductSection }) {
  const { productId = '' } = useParams();
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  return <ProductDetail profile={profile.data} productId={productId} stockRoom={stockRoom} tracking={tracking} />;
}
