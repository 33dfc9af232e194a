import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import type { Stock } from '@clinic/domain';
import { DisposeDialog } from './dispose-dialog';
import { ReturnDialog } from './return-dialog';

export interface WriteOffActionsProps {
  product: { name: string };
  stock: Stock;
  /** How the row names the lot to a screen reader: "lot L1 added 11-10-2026". */
  subject: string;
}

/** A lot's Dispose and Return buttons in the Stock Room, each opening its dialog (issue 20). */
export function WriteOffActions({ product, stock, subject }: WriteOffActionsProps) {
  const [open, setOpen] = useState<'dispose' | 'return' | null>(null);
  const empty = stock.units_left <= 0;
  const close = () => { setOpen(null); };
  return (
    <>
      <Tooltip title={empty ? 'No units left' : 'Dispose'}>
        <span>
          <IconButton aria-label={`Dispose of ${subject}`} disabled={empty} onClick={() => { setOpen('dispose'); }} size="small">
            <DeleteSweepOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={empty ? 'No units left' : 'Return to supplier'}>
        <span>
          <IconButton aria-label={`Return ${subject} to the supplier`} disabled={empty} onClick={() => { setOpen('return'); }} size="small">
            <LocalShippingOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {open === 'dispose' ? <DisposeDialog product={product} lot={stock} presetReason={stock.is_expired ? 'expired' : undefined} presetUnits={stock.is_expired ? stock.units_left : undefined} onClose={close} /> : null}
      {open === 'return' ? <ReturnDialog product={product} lot={stock} supplierName={stock.supplier?.name} onClose={close} /> : null}
    </>
  );
}
