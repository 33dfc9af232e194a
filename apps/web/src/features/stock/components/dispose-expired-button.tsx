import { useState } from 'react';
import Button from '@mui/material/Button';
import { can, type Alert } from '@clinic/domain';
import { useProfile } from '../../../lib/profile';
import { DisposeDialog } from './dispose-dialog';

/**
 * An expired lot's alert offers Dispose (issue 20): the same dialog as the Stock Room's, with the
 * reason expired and every unit left. Writing units off needs stock.delete; without it, nothing shows.
 */
export function DisposeExpiredButton({ alert }: { alert: Alert }) {
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  const lot = alert.stock;
  if (!lot || !can(profile.data?.permissions ?? {}, 'stock', 'delete')) return null;
  return (
    <>
      <Button size="small" color="error" disabled={lot.units_left <= 0} onClick={() => { setOpen(true); }} aria-label={`Dispose of expired lot ${lot.lotNumber || 'without number'} of ${alert.product.name}`}>
        Dispose
      </Button>
      {open ? <DisposeDialog product={alert.product} lot={lot} presetReason="expired" presetUnits={lot.units_left} onClose={() => { setOpen(false); }} /> : null}
    </>
  );
}
