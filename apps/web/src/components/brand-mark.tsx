import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const PRODUCT_NAME = 'Clinic Inventory';

export function BrandMark({ inverse = false }: { inverse?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.1rem', color: inverse ? 'common.white' : 'primary.dark' }}>
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
