import { useState } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';

/**
 * A category's picture across the top of its card, or a quiet icon when it has none.
 * Signed image addresses expire, so a picture that fails to load also falls back to the icon.
 */
export function CategoryImage({ url, height = 140 }: { url: string | null; height?: number }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && url !== failedUrl) {
    return (
      <Box
        component="img"
        src={url}
        // The card names the category right below; the picture adds nothing for a screen reader.
        alt=""
        onError={() => { setFailedUrl(url); }}
        sx={{ display: 'block', width: '100%', height, objectFit: 'cover', bgcolor: 'grey.100' }}
      />
    );
  }
  return (
    <Box
      aria-hidden
      sx={{
        height,
        width: '100%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.06),
        color: 'primary.light',
      }}
    >
      <CategoryOutlined sx={{ fontSize: 48 }} />
    </Box>
  );
}
