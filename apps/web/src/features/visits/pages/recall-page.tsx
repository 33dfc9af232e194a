import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { Recall } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { useNotify } from '../../../components/notifications/use-notify';
import { api, errorMessage } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatDate, formatDateTime } from '../../../lib/format';

/** /recall: a supplier recalls a lot; every patient who received it, ready to export. */
export function RecallPage() {
  const notify = useNotify();
  const [input, setInput] = useState('');
  const [lot, setLot] = useState('');
  const [exporting, setExporting] = useState(false);
  const trace = useQuery({
    queryKey: ['visits', 'recall', lot] as const,
    queryFn: ({ signal }) => api.get<Recall>('recall', { query: { lot }, signal }),
    enabled: lot !== '',
  });
  const data = trace.data;

  return (
    <>
      <PageHeader title="Recall tracing" subtitle="Enter the lot number of a recall notice to see every patient who received it." />
      <Paper
        component="form"
        aria-label="Trace a lot"
        sx={{ p: 2, mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          setLot(input.trim());
        }}
      >
        <TextField label="Lot number" value={input} onChange={(e) => { setInput(e.target.value); }} required sx={{ minWidth: 240 }} />
        <Button type="submit" variant="contained" disabled={input.trim() === ''} loading={trace.isFetching} sx={{ mt: 1 }}>
          Trace
        </Button>
      </Paper>
      {trace.isError ? <Alert severity="error">{errorMessage(trace.error, 'Could not trace the lot.')}</Alert> : null}
      {data ? (
        <>
          {data.lots.length === 0 ? <Alert severity="info">{`No lot ${data.lot} was ever received here.`}</Alert> : null}
          {data.lots.length > 0 ? (
            <TableContainer component={Paper} sx={{ mb: 2, position: 'relative' }}>
              <Table size="small" aria-label={`Lots ${data.lot}`} sx={{ minWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Product</TableCell>
                    <TableCell>Supplier</TableCell>
                    <TableCell>Received</TableCell>
                    <TableCell>Expiry</TableCell>
                    <TableCell align="right">Units received</TableCell>
                    <TableCell align="right">Units left</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.lots.map((l) => (
                    <TableRow key={l.stock_id}>
                      <TableCell>
                        <RouterLink to={`/products/${l.product.id}`}>{l.product.name}</RouterLink>
                      </TableCell>
                      <TableCell>{l.supplier_name ?? '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(l.received_at)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(l.expiry_date)}</TableCell>
                      <TableCell align="right">{l.units_received}</TableCell>
                      <TableCell align="right">{l.units_left}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
          {data.lots.length > 0 ? (
            <Paper component="section" aria-labelledby="recall-visits-title" sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Typography id="recall-visits-title" variant="h2">
                  {`${String(new Set(data.visits.map((v) => v.patient_id)).size)} patients, ${String(data.visits.length)} visits`}
                </Typography>
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadOutlined />}
                  disabled={data.visits.length === 0}
                  loading={exporting}
                  onClick={() => {
                    setExporting(true);
                    downloadFromApi('recall/export', { lot: data.lot }, `recall-${data.lot}.csv`, () => undefined)
                      .catch((error: unknown) => { notify.error(errorMessage(error, 'Could not export the recall list.')); })
                      .finally(() => { setExporting(false); });
                  }}
                >
                  Export CSV
                </Button>
              </Box>
              {data.visits.length === 0 ? (
                <Typography color="text.secondary">No patient received this lot.</Typography>
              ) : (
                <TableContainer sx={{ position: 'relative' }}>
                  <Table size="small" aria-label="Patients who received the lot" sx={{ minWidth: 560 }}>
                    <TableHead>
                      <TableRow>
                        <TableCell>Patient chart no</TableCell>
                        <TableCell>Visit</TableCell>
                        <TableCell>Product</TableCell>
                        <TableCell align="right">Units</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.visits.map((v) => (
                        <TableRow key={`${v.treatment_log_id}-${v.product_name}-${v.lotNumber}`}>
                          <TableCell>
                            <RouterLink to={`/patients/${v.patient_id}`}>{v.patient_chart_number}</RouterLink>
                          </TableCell>
                          <TableCell>{formatDateTime(v.visit_at)}</TableCell>
                          <TableCell>{v.product_name}</TableCell>
                          <TableCell align="right">{v.quantity}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </Paper>
          ) : null}
        </>
      ) : null}
    </>
  );
}
