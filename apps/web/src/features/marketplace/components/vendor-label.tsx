import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { VendorKind, VendorRef } from '@clinic/domain';

export const VENDOR_KIND_LABELS: Record<VendorKind, string> = { supplier: 'Your supplier', distributor: 'Distributor' };

/** The vendor's name and whether it is one of the location's suppliers (status set by hand) or a distributor. */
export function VendorLabel({ vendor }: { vendor: VendorRef }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {vendor.name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {VENDOR_KIND_LABELS[vendor.kind]}
      </Typography>
    </Box>
  );
}
