import { useForm } from 'react-hook-form';
import { MARKETPLACE_MESSAGES, UpdateOrderStatusRequestSchema, type MarketplaceOrder } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useUpdateOrderStatus } from '../api/marketplace-api';

interface ShipValues {
  carrier: string;
  tracking_url: string;
}

const FIELDS = ['carrier', 'tracking_url'] as const;

/** Empty boxes are left out, so an empty link reads "enter the tracking link", not "not a valid link". */
export const shipRequestOf = (values: ShipValues) => ({ status: 'shipped' as const, carrier: values.carrier.trim() || undefined, tracking_url: values.tracking_url.trim() || undefined });

/** "Mark shipped" on an own supplier's order: the carrier and the tracking link the supplier sent. */
export function ShipOrderDialog({ order, onClose }: { order: Pick<MarketplaceOrder, 'id' | 'number' | 'vendor' | 'carrier' | 'tracking_url'>; onClose: () => void }) {
  const notify = useNotify();
  const update = useUpdateOrderStatus(order.id);
  const { control, handleSubmit, setError } = useForm<ShipValues>({ defaultValues: { carrier: order.carrier ?? '', tracking_url: order.tracking_url ?? '' } });

  const submit = handleSubmit((values) => {
    const parsed = UpdateOrderStatusRequestSchema.safeParse(shipRequestOf(values));
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, index) => {
        const field = FIELDS.find((f) => f === issue.path[0]);
        if (field) setError(field, { type: 'validate', message: issue.message }, { shouldFocus: index === 0 });
      });
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(MARKETPLACE_MESSAGES.statusUpdated);
        onClose();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, FIELDS)) notify.error(errorMessage(error, MARKETPLACE_MESSAGES.statusFailed));
      },
    });
  });

  return (
    <ActionDialog
      form
      title={`Mark ${order.number} shipped`}
      description={`The carrier and tracking link ${order.vendor.name} sent with the shipment.`}
      submitLabel="Mark shipped"
      onSubmit={() => void submit()}
      pending={update.isPending}
      cancelDisabledWhilePending
      onClose={onClose}
    >
      <FormTextField control={control} name="carrier" label="Carrier" autoFocus />
      <FormTextField control={control} name="tracking_url" label="Tracking link" type="url" required placeholder="https://" />
    </ActionDialog>
  );
}
