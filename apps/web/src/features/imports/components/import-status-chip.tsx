import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ImportStatus } from '@clinic/domain';

const STATUS: Record<ImportStatus, { label: string; color: ChipProps['color'] }> = {
  queued: { label: 'Queued', color: 'default' },
  processing: { label: 'Importing', color: 'info' },
  completed: { label: 'Completed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

export function ImportStatusChip({ status }: { status: ImportStatus }) {
  const { label, color } = STATUS[status];
  return <Chip size="small" variant="outlined" label={label} color={color} />;
}
