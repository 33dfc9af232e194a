import Chip from '@mui/material/Chip';
import { useQuery } from '@tanstack/react-query';
import { productReorderQueryOptions } from '../api/reorder-api';
import { coverText } from '../../../lib/format';

/**
 * Days of cover beside the Stock Room's title (issue 35): the same figures as the Reorder panel
 * (one request for both), warning when the shelf runs out before a delivery ordered today.
 */
export function DaysOfCoverChip({ productId }: { productId: string }) {
  const reorder = useQuery(productReorderQueryOptions(productId));
  const cover = reorder.data?.days_of_cover;
  if (cover === undefined || cover === null) return null;
  return <Chip size="small" variant="outlined" color={reorder.data?.runs_out_before_delivery ? 'warning' : 'default'} label={`${coverText(cover)} of cover`} />;
}
