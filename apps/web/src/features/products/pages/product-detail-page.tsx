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
import { InlineProductField } from '../components/inline-product-field';
import { AssociatedTreatmentsTable } from '../components/associated-treatments-table';
import { StocksOverviewTable } from '../components/stocks-overview-table';
import { ProductDialogsHost, type ProductTarget } from '../components/product-dialogs-host';
import { ProductOverview } from '../components/product-overview';
import { UsageTrackingPanel } from '../components/usage-tracking-panel';
import { manufacturerCodeChange, minimumStockChange, weightChange } from '../inline-changes';
import { deleteLabel, productActionsFor } from '../product-actions';

/** Sections other features render on the product page (app/ composes them: features stay apart). */
export type ProductSection = (product: ProductDetailData, permissions: PermissionMap) => ReactNode;

interface ProductSections {
  stockRoom?: ProductSection | undefined;
  tracking?: ProductSection | undefined;
  /** The consumable panel's estimated cycle unit price. */
  cycleEstimate?: ProductSection | undefined;
}

function ProductDetail({ profile, productId, stockRoom, tracking, cycleEstimate }: { profile: Profile; productId: string } & ProductSections) {
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
  const live = data.deleted_at === null;
  // Product fields change only where the server takes them: the admin's, or a location's own
  // product until approved (is_editable); minimum stock and usage tracking are each location's own.
  const canEditFields = canUpdate && live && data.is_editable;

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
        <ProductOverview
          product={data}
          editors={{
            manufacturerCode: (
              <InlineProductField productId={data.id} label="Manufacture Code" display={data.manufacturer_code || '—'} text={data.manufacturer_code} canEdit={canEditFields} toChange={manufacturerCodeChange(data)} savedMessage="Manufacture code updated" width={220} />
            ),
            weight: (
              <InlineProductField productId={data.id} label="Weight per volume" display={data.weight_or_volume ?? '—'} text={data.weight_or_volume === null ? '' : String(data.weight_or_volume)} canEdit={canEditFields} number="decimal" toChange={weightChange(data)} savedMessage="Weight per volume updated" />
            ),
            minimumStock: isAdmin ? null : (
              <InlineProductField productId={data.id} label="Minimum Stock" display={data.minimum_stock} text={String(data.minimum_stock)} canEdit={canUpdate && live} number="numeric" toChange={minimumStockChange} savedMessage="Minimum stock updated" />
            ),
          }}
        />
        {isAdmin ? <StocksOverviewTable rows={data.companyStocksOverview} /> : data.deleted_at === null ? stockRoom?.(data, profile.permissions) : null}
        <AssociatedTreatmentsTable rows={data.associatedTreatments} searchable={isAdmin} linkable={!isAdmin && can(profile.permissions, 'treatments', 'read')} />
        <AttachmentsSection
          productId={data.id}
          attachments={data.attachments}
          canManage={canUpdate && data.deleted_at === null}
          ownerCompanyId={isAdmin ? null : (claims?.company_id ?? null)}
        />
        {!isAdmin && live && data.type === 'consumable' ? <UsageTrackingPanel product={data} canEdit={canUpdate} estimate={cycleEstimate?.(data, profile.permissions) ?? null} /> : null}
        {isAdmin ? null : tracking?.(data, profile.permissions)}
      </Stack>
      <ProductDialogsHost target={target} viewer={viewer} onClose={() => { setTarget(null); }} leaveTo="/products" />
    </>
  );
}

/**
 * /products/{productId} (spec section 2). The admin sees who holds the product; a location sees
 * its Stock Room, Track Product Consumption and (consumables) the estimated cycle unit price,
 * which the stock feature renders through `stockRoom`, `tracking` and `cycleEstimate`.
 */
export function ProductDetailPage({ stockRoom, tracking, cycleEstimate }: ProductSections) {
  const { productId = '' } = useParams();
  const profile = useProfile();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error, 'Could not load your profile.')}</Alert>;
  return <ProductDetail profile={profile.data} productId={productId} stockRoom={stockRoom} tracking={tracking} cycleEstimate={cycleEstimate} />;
}
