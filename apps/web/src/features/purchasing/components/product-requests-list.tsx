import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_REQUEST_STATE_LABELS, PRODUCT_REQUEST_URGENCY_LABELS, type ProductRequestState } from '@clinic/domain';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { productRequestsQueryOptions } from '../api/product-requests-api';

const COLORS: Record<ProductRequestState, ChipProps['color']> = { awaiting_supplier: 'secondary', requested: 'warning', ordered: 'info', received: 'success', cancelled: 'default' };

export function ProductRequestStateChip({ state }: { state: ProductRequestState }) {
  return <Chip size="small" variant="outlined" color={COLORS[state]} label={PRODUCT_REQUEST_STATE_LABELS[state]} />;
}

/** "Your requests" on the product page: what the signed-in person asked for here, and where it stands. Nothing when they asked for none. */
export function ProductRequestsList({ productId }: { productId: string }) {
  const requests = useQuery(productRequestsQueryOptions(productId));
  const rows = requests.data?.results ?? [];
  if (requests.isError) return <Alert severity="error">{errorMessage(requests.error, 'Could not load your requests.')}</Alert>;
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="product-requests-title">
      <Typography id="product-requests-title" variant="h3" sx={{ mb: 1 }}>
        Your requests
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((request) => (
          <Box component="li" key={request.id} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2" sx={{ minWidth: 90 }}>
              {formatDate(request.created_at)}
            </Typography>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 160 }}>
              {request.quantity} {request.quantity === 1 ? 'container' : 'containers'} · {PRODUCT_REQUEST_URGENCY_LABELS[request.urgency]}
              {request.note ? ` · ${request.note}` : ''}
            </Typography>
            <ProductRequestStateChip state={request.state} />
          </Box>
        ))}
      </Stack>
      {rows.some((request) => request.state === 'awaiting_supplier') ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Waiting for a supplier: no vendor offers it in stock yet, so your admins will choose who to order it from.
        </Typography>
      ) : null}
    </Box>
  );
}
