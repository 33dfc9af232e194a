import Chip, { type ChipProps } from '@mui/material/Chip';
import { COUNT_STATUS_LABELS, type CountStatus } from '@clinic/domain';

const COLOR: Record<CountStatus, ChipProps['color']> = { open: 'info', submitted: 'warning', approved: 'success', canceled: 'default' };

export function CountStatusChip({ status }: { status: CountStatus }) {
  return <Chip size="small" variant="outlined" label={COUNT_STATUS_LABELS[status]} color={COLOR[status]} />;
}
