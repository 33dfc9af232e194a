import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import MoveToInboxOutlined from '@mui/icons-material/MoveToInboxOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { can } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { OrderLinesTable } from '../../../components/order-lines-table';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { ProductThumbnail } from '../../../components/product-thumbnail';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatDollars } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { purchaseOrderQueryOptions } from '../api/purchasing-api';
import { PurchaseOrderStatusChip } from '../components/purchase-order-status-chip';
import { ReceiveDialog } from '../components/receive-dialog';

/** /purchase-history/{id}: what was ordered, the PDF sent, what has arrived, and receiving the rest. */
export function PurchaseOrderPage() {
  const { id = '' } = useParams();
  const profile = useProfile();
  const order = useQuery(purchaseOrderQueryOptions(id));
  const [receiving, setReceiving] = useState(false);

  if (order.isPending) return <PageLoader />;
  if (order.isError) {
    const missing = isMissingRecord(order.error);
    return <Alert severity={missing ? 'info' : 'error'}>{missing ? 'This purchase order does not exist.' : errorMessage(order.error, 'Could not load the purchase order.')}</Alert>;
  }
  const data = order.data;
  const canReceive = data.status !== 'received' && can(profile.data?.permissions ?? {}, 'stock', 'create');

  return (
    <>
      <PageHeader
        title={`Purchase Order ${data.number}`}
        subtitle={`${data.supplier.name} · ${formatDate(data.created_at)} · ordered by ${data.created_by || '—'}`}
        leading={
          <Tooltip title="Back to purchase history">
            <IconButton component={RouterLink} to="/purchase-history" aria-label="Back to purchase history">
              <ArrowBackOutlined />
            </IconButton>
          </Tooltip>
        }
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <PurchaseOrderStatusChip status={data.status} />
            {data.pdf_url ? (
              <Button variant="outlined" startIcon={<PictureAsPdfOutlined />} href={data.pdf_url} target="_blank" rel="noopener">
                Open PDF
              </Button>
            ) : null}
            {canReceive ? (
              <Button variant="contained" startIcon={<MoveToInboxOutlined />} onClick={() => { setReceiving(true); }}>
                Receive
              </Button>
            ) : null}
          </Stack>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        <Paper component="section" aria-labelledby="supplier-title" sx={{ p: 2 }}>
          <Typography id="supplier-title" variant="h2" sx={{ mb: 1 }}>
            Supplier
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{data.supplier.name}</Typography>
          {data.supplier.address ? <Typography variant="body2">{data.supplier.address}</Typography> : null}
          <Typography variant="body2">{data.supplier.contact_email}</Typography>
          <Typography variant="body2">{data.supplier.contact_phone}</Typography>
        </Paper>
        <Paper component="section" aria-labelledby="sent-title" sx={{ p: 2 }}>
          <Typography id="sent-title" variant="h2" sx={{ mb: 1 }}>
            Sent
          </Typography>
          <Typography variant="body2">{data.emailed_to ? `E-mailed to ${data.emailed_to} with the PDF attached.` : 'Not e-mailed: the supplier has no e-mail address. Send the PDF yourself.'}</Typography>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {`${String(data.lines_count)} ${data.lines_count === 1 ? 'product' : 'products'}, total ${formatDollars(data.total)}`}
          </Typography>
        </Paper>
      </Box>

      <TableContainer component={Paper} sx={{ mb: 2 }}>
        <OrderLinesTable
          number={data.number}
          lines={data.lines}
          total={data.total}
          leading={[
            {
              label: 'Product',
              cell: (line) => (
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <ProductThumbnail url={line.product.product_image_url} />
                  <AppLink to={`/products/${line.product.id}`}>{line.product.name}</AppLink>
                </Stack>
              ),
            },
          ]}
          quantityLabel="Ordered"
          minWidth={720}
          hover
        />
      </TableContainer>

      <Paper component="section" aria-labelledby="receipts-title" sx={{ p: 2 }}>
        <Typography id="receipts-title" variant="h2" sx={{ mb: 1 }}>
          Received
        </Typography>
        {data.receipts.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nothing received yet.
          </Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={`Stock received on ${data.number}`} sx={{ minWidth: 600 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Received</TableCell>
                  <TableCell>Product</TableCell>
                  <TableCell align="right">Quantity</TableCell>
                  <TableCell>Lot</TableCell>
                  <TableCell>Expiry</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.receipts.map((receipt) => (
                  <TableRow key={receipt.stock_id}>
                    <TableCell>{formatDateTime(receipt.created_at)}</TableCell>
                    <TableCell>{receipt.product_name}</TableCell>
                    <TableCell align="right">{receipt.container_quantity}</TableCell>
                    <TableCell>{receipt.lotNumber || '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(receipt.expiry_date)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {receiving ? <ReceiveDialog order={data} onClose={() => { setReceiving(false); }} /> : null}
    </>
  );
}
