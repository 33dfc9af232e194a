import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ProductDetail } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { useShownAtOnce } from '../../../lib/optimistic';
import { useSetUsageTracking } from '../api/products-api';
import { productFailureMessage } from '../product-messages';

export interface UsageTrackingPanelProps {
  product: ProductDetail;
  canEdit: boolean;
  /** The estimated cycle unit price, which the stock feature renders (app/ composes it); null without stock access. */
  estimate: ReactNode;
}

/**
 * Spec section 2's extra panel for a location's consumable product: the usage-tracking switch
 * (this location's choice) and, while it is on, the estimated cycle unit price.
 */
export function UsageTrackingPanel({ product, canEdit, estimate }: UsageTrackingPanelProps) {
  const notify = useNotify();
  const setTracking = useSetUsageTracking(product.id);
  const { shown, show, forget } = useShownAtOnce(product.is_usage_tracking_on);
  return (
    <Paper component="section" aria-labelledby="usage-tracking-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="usage-tracking-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Usage Tracking
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={shown}
            disabled={!canEdit || setTracking.isPending}
            onChange={(_e, on) => {
              show(on);
              setTracking.mutate(on, {
                onSuccess: () => { notify.success(on ? 'Usage tracking is on' : 'Usage tracking is off'); },
                onError: (failure) => {
                  forget();
                  notify.error(productFailureMessage('update', failure));
                },
              });
            }}
          />
        }
        label="Track usage of this product"
        sx={{ mb: 1 }}
      />
      {shown ? (
        estimate
      ) : (
        <Typography variant="body2" color="text.secondary">
          Turn usage tracking on to see the estimated unit price of each cycle of this product.
        </Typography>
      )}
    </Paper>
  );
}
