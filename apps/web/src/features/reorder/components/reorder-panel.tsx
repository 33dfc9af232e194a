import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ProductReorder } from '@clinic/domain';
import { errorMessage } from '../../../lib/api-client';
import { coverText, unitCount } from '../../../lib/format';
import { fillText, moneyText } from './fill-text';
import { productReorderQueryOptions, reorderSettingsQueryOptions } from '../api/reorder-api';
import { PinLevelsDialog, ReorderSettingsDialog } from './reorder-dialogs';
import { FillTargetDialog, ShippingDialog } from './target-dialogs';

const ReorderChart = lazy(async () => ({ default: (await import('./reorder-chart')).ReorderChart }));

/** Whose fill-rate target the product is planned for (issue 51). */
function targetOwner(data: ProductReorder): string {
  if (data.fill_rate_source === 'product') return 'set for this product';
  if (data.fill_rate_source === 'category') return `set for ${data.fill_rates.category?.name ?? 'its category'}`;
  return "the location's";
}

/** The supplier's shipping terms as the order size weighs them. */
function shippingText(data: ProductReorder): string {
  const supplier = data.lead_time.supplier_name ?? 'The supplier';
  if (!data.shipping) return `${supplier}: no shipping terms set (the cost per order alone)`;
  const fee = data.shipping.shipping_fee > 0 ? `${moneyText(data.shipping.shipping_fee)} shipping an order` : 'no shipping fee';
  return `${supplier}: ${fee}${data.shipping.free_shipping_over !== null ? `, free from ${moneyText(data.shipping.free_shipping_over)}` : ''}`;
}

const SOURCE_LABELS: Record<ProductReorder['source'], string> = {
  forecast: 'from use and lead time',
  minimum: 'the Minimum Stock',
  pinned: 'set by hand',
};

function Figure({ label, value, note }: { label: string; value: string; note?: string | undefined }) {
  return (
    <Box sx={{ minWidth: 130, flex: '1 1 130px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" aria-label={label}>
        {value}
      </Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Reorder (issue 35) on the product page: how long the shelf lasts at the forecast's use, the
 * levels the location orders at, and twelve weeks of use beside them; every figure a person may
 * doubt says why (no use recorded, a lead time still assumed, nothing to order it from).
 */
export interface ReorderPanelProps {
  productId: string;
  /** Who may edit the product here (its Minimum Stock) sets its levels by hand. */
  canPin: boolean;
  /** The location's admins set its fill rate, order cost and holding rate. */
  canSetSettings: boolean;
}

export function ReorderPanel({ productId, canPin, canSetSettings }: ReorderPanelProps) {
  const reorder = useQuery(productReorderQueryOptions(productId));
  const settings = useQuery({ ...reorderSettingsQueryOptions(), enabled: canSetSettings });
  const [dialog, setDialog] = useState<'pin' | 'settings' | 'target' | 'shipping' | null>(null);
  const data = reorder.data;
  return (
    <Paper component="section" aria-labelledby="reorder-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="reorder-title" variant="h6" component="h2" sx={{ mr: 1 }}>
          Reorder
        </Typography>
        {data ? <Chip size="small" variant="outlined" label={data.method_label} /> : null}
        <Box sx={{ flex: 1 }} />
        {data && (canPin || canSetSettings) ? (
          <Button size="small" onClick={() => { setDialog('target'); }}>
            {`${fillText(data.fill_rate)} fill target`}
          </Button>
        ) : null}
        {data && canSetSettings && data.supplier_id ? (
          <Button size="small" onClick={() => { setDialog('shipping'); }}>
            Shipping
          </Button>
        ) : null}
        {data && canSetSettings && settings.data ? (
          <Button size="small" onClick={() => { setDialog('settings'); }}>
            Settings
          </Button>
        ) : null}
        {data && canPin ? (
          <Button size="small" variant="outlined" onClick={() => { setDialog('pin'); }}>
            Set levels
          </Button>
        ) : null}
      </Box>
      {reorder.isPending ? <Skeleton variant="rounded" height={120} /> : null}
      {reorder.isError ? <Alert severity="error">{errorMessage(reorder.error, 'Could not load the reorder figures.')}</Alert> : null}
      {data ? (
        <>
          {data.runs_out_before_delivery && data.days_of_cover !== null ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Runs out in {Math.floor(data.days_of_cover)} {Math.floor(data.days_of_cover) === 1 ? 'day' : 'days'}: before a delivery ordered today arrives ({data.lead_time.days} days).
            </Alert>
          ) : null}
          {data.suggested_units > 0 ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              Order {unitCount(data.suggested_units)} now
              {data.pack_size ? ` (${String(data.suggested_units / data.pack_size)} × ${unitCount(data.pack_size)})` : ''} to reach {unitCount(data.order_up_to)}.
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
            <Figure label="Days of cover" value={coverText(data.days_of_cover)} note={data.daily_use > 0 ? `${String(Math.round(data.daily_use * 10) / 10)} units a day` : undefined} />
            <Figure label="Reorder point" value={unitCount(data.reorder_point)} note={SOURCE_LABELS[data.source]} />
            <Figure label="Order up to" value={unitCount(data.order_up_to)} note={data.order_units !== null ? `orders of ${unitCount(data.order_units)}` : `${String(data.review_days)}-day review`} />
            {data.expected_fill !== null ? (
              <Figure
                label="Expected fill"
                value={fillText(data.expected_fill)}
                note={`${data.stock_cost !== null ? `${moneyText(data.stock_cost)} of stock held to reach it; ` : ''}target ${fillText(data.fill_rate)}, ${targetOwner(data)}`}
              />
            ) : null}
            <Figure label="On hand" value={unitCount(data.usable_units)} note={data.on_order_units > 0 ? `${unitCount(data.on_order_units)} on order` : 'nothing on order'} />
            <Figure
              label="Lead time"
              value={`${String(data.lead_time.days)} days`}
              note={data.lead_time.learned ? `learned from ${String(data.lead_time.samples)} deliveries${data.lead_time.supplier_name ? ` of ${data.lead_time.supplier_name}` : ''}` : 'assumed until 3 deliveries'}
            />
          </Box>
          {data.order_why ? (
            <Typography variant="body2" sx={{ mb: 1 }} aria-label="Why this order size">
              <strong>Order size:</strong> {data.order_why}
            </Typography>
          ) : null}
          {data.supplier_id ? (
            <Typography variant="body2" sx={{ mb: 1 }} aria-label="Shipping">
              <strong>Shipping:</strong> {shippingText(data)}
            </Typography>
          ) : null}
          {data.reasons.length > 0 ? (
            <Box component="ul" sx={{ m: 0, mb: 2, pl: 2.5, color: 'text.secondary', typography: 'body2' }} aria-label="Why these figures">
              {data.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Box>
          ) : null}
          <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
            <ReorderChart reorder={data} />
          </Suspense>
        </>
      ) : null}
      {dialog === 'pin' && data ? <PinLevelsDialog productId={productId} facts={data} onClose={() => { setDialog(null); }} /> : null}
      {dialog === 'target' && data ? <FillTargetDialog facts={data} canSetProduct={canPin} canSetCategory={canSetSettings} onClose={() => { setDialog(null); }} /> : null}
      {dialog === 'shipping' && data?.supplier_id ? <ShippingDialog supplierId={data.supplier_id} supplierName={data.lead_time.supplier_name ?? 'the supplier'} shipping={data.shipping} onClose={() => { setDialog(null); }} /> : null}
      {dialog === 'settings' && settings.data ? <ReorderSettingsDialog settings={settings.data} onClose={() => { setDialog(null); }} /> : null}
    </Paper>
  );
}
