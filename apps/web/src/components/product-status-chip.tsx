import Chip from '@mui/material/Chip';

/** Spec section 2: a product shows as Approved or Pending Approval. */
export function ProductStatusChip({ approved, deleted = false }: { approved: boolean; deleted?: boolean }) {
  if (deleted) return <Chip size="small" variant="outlined" label="Deleted" />;
  return <Chip size="small" variant="outlined" color={approved ? 'success' : 'warning'} label={approved ? 'Approved' : 'Pending Approval'} />;
}
