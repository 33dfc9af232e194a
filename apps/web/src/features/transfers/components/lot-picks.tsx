import { useEffect } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatDate, todayIso } from '../../../lib/format';
import { productLotsQueryOptions } from '../api/transfers-api';
import { pickIssue, proposeLots, type LotPick } from '../lot-plan';
import { TransferLine } from './transfer-line';

interface LotPicksProps {
  productId: string;
  productName: string;
  units: number;
  /** null until proposed: the lots are then picked first expiry first. */
  value: LotPick[] | null;
  onChange: (picks: LotPick[]) => void;
}

/**
 * The sender's lots of one product for a shipment: proposed first expiry first (as the server
 * would pick them), each editable. Lots that cannot be sent (recalled, quarantined, expired) are
 * not offered.
 */
export function LotPicks({ productId, productName, units, value, onChange }: LotPicksProps) {
  const lots = useQuery(productLotsQueryOptions(productId));
  useEffect(() => {
    if (lots.data && value === null) onChange(proposeLots(lots.data, units, todayIso()));
  }, [lots.data, value, units, onChange]);
  if (lots.isError) return <Typography color="error">Could not load the lots of {productName}</Typography>;
  if (!value) return <Typography color="text.secondary">Loading the lots of {productName}…</Typography>;
  const total = value.reduce((sum, p) => sum + (Number.isFinite(p.units) ? p.units : 0), 0);
  return (
    <TransferLine label={`Lots of ${productName}`} heading={`${productName}: ${String(total)} of ${String(units)} units picked`}>
      {value.length === 0 ? <Typography color="error">No lot of {productName} can be sent from here</Typography> : null}
      {value.map((pick, i) => {
        const issue = pickIssue(pick);
        return (
          <TextField
            key={pick.stockId}
            size="small"
            type="number"
            label={`Lot ${pick.lotNumber || '(none)'}, expires ${formatDate(pick.expiryDate)}, ${String(pick.available)} on hand`}
            value={Number.isNaN(pick.units) ? '' : pick.units}
            onChange={(e) => {
              onChange(value.map((p, j) => (j === i ? { ...p, units: e.target.value === '' ? Number.NaN : Number(e.target.value) } : p)));
            }}
            error={issue !== null}
            helperText={issue}
            slotProps={{ htmlInput: { min: 0, step: 1, max: pick.available } }}
          />
        );
      })}
    </TransferLine>
  );
}

/** The items a shipment sends: one per lot with units. */
export const picksToItems = (productId: string, picks: LotPick[]) => picks.filter((p) => p.units > 0).map((p) => ({ product_id: productId, units: p.units, stock_id: p.stockId }));
export const picksValid = (picks: LotPick[] | null | undefined) => Boolean(picks && picks.every((p) => pickIssue(p) === null) && picks.some((p) => p.units > 0));
