import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * One line of a shipment, as the ship, send and receive dialogs show it: a group named for the
 * product (and lot), a heading with what was asked or shipped, and its fields beneath.
 */
export function TransferLine({ label, heading, children }: { label: string; heading: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={1} role="group" aria-label={label}>
      <Typography variant="subtitle2">{heading}</Typography>
      {children}
    </Stack>
  );
}
