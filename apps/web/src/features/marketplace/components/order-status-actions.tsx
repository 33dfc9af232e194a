import { useState } from 'react';
import Button from '@mui/material/Button';
import { MARKETPLACE_MESSAGES, type ManualOrderStep, type MarketplaceOrder } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateOrderStatus } from '../api/marketplace-api';
import { nextSteps, STEP_LABELS } from '../order-actions';
import { ShipOrderDialog } from './ship-order-dialog';

/** The next statuses of an own supplier's order; shipped asks for the tracking link first. */
export function OrderStatusActions({ order }: { order: MarketplaceOrder }) {
  const notify = useNotify();
  const update = useUpdateOrderStatus(order.id);
  const [shipping, setShipping] = useState(false);
  const [pendingStep, setPendingStep] = useState<ManualOrderStep | null>(null);

  const advance = (step: ManualOrderStep) => {
    if (step === 'shipped') {
      setShipping(true);
      return;
    }
    setPendingStep(step);
    update.mutate(
      { status: step },
      {
        onSuccess: () => { notify.success(MARKETPLACE_MESSAGES.statusUpdated); },
        onError: (error) => { notify.error(errorMessage(error, MARKETPLACE_MESSAGES.statusFailed)); },
        onSettled: () => { setPendingStep(null); },
      },
    );
  };

  return (
    <>
      {nextSteps(order).map((step) => (
        <Button key={step} variant="outlined" onClick={() => { advance(step); }} loading={pendingStep === step} disabled={update.isPending && pendingStep !== step}>
          {STEP_LABELS[step]}
        </Button>
      ))}
      {shipping ? <ShipOrderDialog order={order} onClose={() => { setShipping(false); }} /> : null}
    </>
  );
}
