import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { LOT_STATUS_LABELS } from '@clinic/domain';
import { trayLotsQueryOptions } from '../api/visits-api';
import { formatDate } from '../../../lib/format';

const FIRST_EXPIRY = '';

/**
 * The lot a product of the tray is taken from: first expiry first unless the clinician names one
 * (a named lot is used even when expired). Lots load when the list is opened. A saved visit's line
 * keeps the lots it used unless another is named.
 */
export function LotPicker({ productId, value, onChange, defaultLabel = 'First expiry first' }: { productId: string; value: string | undefined; onChange: (stockId: string | undefined) => void; defaultLabel?: string | undefined }) {
  const [opened, setOpened] = useState(false);
  const lots = useQuery({ ...trayLotsQueryOptions(productId), enabled: opened || value !== undefined });
  const live = (lots.data?.results ?? []).filter((s) => s.units_left > 0);
  return (
    <TextField
      select
      size="small"
      label="Lot"
      value={value ?? FIRST_EXPIRY}
      onChange={(e) => { onChange(e.target.value === FIRST_EXPIRY ? undefined : e.target.value); }}
      slotProps={{ select: { displayEmpty: true, onOpen: () => { setOpened(true); } }, inputLabel: { shrink: true } }}
      sx={{ width: 220 }}
    >
      <MenuItem value={FIRST_EXPIRY}>{defaultLabel}</MenuItem>
      {live.map((lot) => (
        // Recalled and quarantined lots are shown but cannot be named: the server refuses them.
        <MenuItem key={lot.id} value={lot.id} disabled={lot.status !== 'available'}>
          {`${lot.lotNumber || 'No lot number'} · exp. ${formatDate(lot.expiry_date)} · ${String(lot.units_left)} left${lot.status === 'available' ? (lot.is_expired ? ' (expired)' : '') : ` (${LOT_STATUS_LABELS[lot.status].toLowerCase()})`}`}
        </MenuItem>
      ))}
      {opened && lots.isFetching && live.length === 0 ? <MenuItem disabled>Loading lots…</MenuItem> : null}
    </TextField>
  );
}
