import { useState } from 'react';
import Box from '@mui/material/Box';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';

/**
 * A product's picture, or a placeholder when it has none or its signed address has expired.
 * Without `label` it is decoration (the product's name sits next to it, as in a table row).
 */
export function ProductThumbnail({ url, label, size = 40 }: { url: string | null; label?: string; size?: number }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const frame = { width: size, height: size, borderRadius: 1.5, border: 1, borderColor: 'divider', flexShrink: 0, overflow: 'hidden' } as const;
  if (url && url !== failedUrl) {
    return <Box component="img" src={url} alt={label ?? ''} loading="lazy" onError={() => { setFailedUrl(url); }} sx={{ ...frame, display: 'block', objectFit: 'cover' }} />;
  }
  return (
    <Box role={label ? 'img' : undefined} aria-label={label ? `${label}: no image` : undefined} aria-hidden={label ? undefined : true} sx={{ ...frame, display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Inventory2Outlined color="disabled" sx={{ fontSize: size * 0.55 }} />
    </Box>
  );
}
