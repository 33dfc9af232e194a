import Box from '@mui/material/Box';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';

/** The product's image, or a placeholder when it has none. */
export function ProductThumbnail({ url, name, size = 40 }: { url: string | null; name: string; size?: number }) {
  return (
    <Box
      sx={{ width: size, height: size, borderRadius: 1.5, bgcolor: 'grey.100', display: 'grid', placeItems: 'center', overflow: 'hidden', flexShrink: 0, border: 1, borderColor: 'divider' }}
    >
      {url ? (
        <Box component="img" src={url} alt={name} loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Inventory2Outlined color="disabled" sx={{ fontSize: size * 0.55 }} aria-label="No image" role="img" />
      )}
    </Box>
  );
}
