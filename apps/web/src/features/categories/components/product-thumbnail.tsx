import { useState } from 'react';
import Box from '@mui/material/Box';
import ImageOutlined from '@mui/icons-material/ImageOutlined';

const SIZE = 40;

/** A product's picture in a table row, or a placeholder when it has none or its signed address has expired. */
export function ProductThumbnail({ url }: { url: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const frame = { width: SIZE, height: SIZE, borderRadius: 1, border: 1, borderColor: 'divider', flexShrink: 0 } as const;
  if (url && url !== failedUrl) {
    // The product's name is in the next cell; the picture is decoration for a screen reader.
    return <Box component="img" src={url} alt="" onError={() => { setFailedUrl(url); }} sx={{ ...frame, display: 'block', objectFit: 'cover' }} />;
  }
  return (
    <Box aria-hidden sx={{ ...frame, display: 'grid', placeItems: 'center', bgcolor: 'grey.50', color: 'text.disabled' }}>
      <ImageOutlined fontSize="small" />
    </Box>
  );
}
