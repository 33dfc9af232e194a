import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MicOutlined from '@mui/icons-material/MicOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { can, roundToCents, TREATMENT_LOG_MESSAGES, UuidSchema, type TreatmentLog, type TreatmentLogProduct } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { ProductThumbnail } from '../../../components/product-thumbnail';
import { useScrollTabStop } from '../../../components/use-scroll-tab-stop';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { patientVisitsQueryOptions } from '../api/visits-api';
import { CaseNotesSection } from '../components/case-notes-section';
import { PatientImplants } from '../components/patient-implants';
import { VisitRecorder } from '../components/visit-recorder';
import { VisitRecordings } from '../components/visit-recordings';

function Card({ label, value }: { label: string; value: string }) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h2" component="p" aria-label={label}>
        {value}
      </Typography>
    </Paper>
  );
}

/** Spec section 2: per treatment, the products with quantity, cost per unit (or 'Multiple Stocks used') and total. */
function TreatmentProducts({ title, rows }: { title: string; rows: TreatmentLogProduct[] }) {
  const total = Math.round(rows.reduce((sum, r) => sum + r.cost, 0) * 100) / 100;
  const scroller = useScrollTabStop();
  return (
    <TableContainer ref={scroller} component={Paper} sx={{ position: 'relative' }}>
      <Table size="small" aria-label={title} sx={{ minWidth: 560 }}>
        <TableHead>
          <TableRow>
            <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
              {title}
            </TableCell>
          </TableRow>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Cost per unit</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <ProductThumbnail url={row.product.product_image_url} />
                  <span>{row.product.name}</span>
                </Stack>
              </TableCell>
              <TableCell align="right">{row.quantity}</TableCell>
              <TableCell align="right">{row.unit_price === -1 ? TREATMENT_LOG_MESSAGES.multipleStocks : formatDollars(row.unit_price, 5)}</TableCell>
              <TableCell align="right">{formatDollars(row.cost)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={3} sx={{ fontWeight: 700 }}>
              Treatment Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {formatDollars(total)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** The visit's products grouped by the treatment whose tray they belong to (then those added at the chair). */
function groups(visit: TreatmentLog): { title: string; rows: TreatmentLogProduct[] }[] {
  const byTreatment = visit.treatments.map((t) => ({ title: `${t.treatment_code} · ${t.name}`, rows: visit.treatment_log_products.filter((p) => p.treatment?.id === t.id) }));
  const extra = visit.treatment_log_products.filter((p) => p.treatment === null);
  return [...byTreatment.filter((g) => g.rows.length > 0), ...(extra.length > 0 ? [{ title: 'Added at the chair', rows: extra }] : [])];
}

/** /patients/{patientId}: the patient's visits, the first selected, with their products and costs. */
export function PatientPage() {
  const { patientId = '' } = useParams();
  // A patient id typed wrong in the address names nobody: no request, the not-found text.
  const validId = UuidSchema.safeParse(patientId).success;
  const visits = useQuery({ ...patientVisitsQueryOptions(patientId), enabled: validId });
  const [selected, setSelected] = useState<string | null>(null);
  const permissions = useProfile().data?.permissions ?? {};
  const [recording, setRecording] = useState(false);
  if (!validId) return <Alert severity="info">This patient does not exist.</Alert>;
  if (visits.isPending) return <PageLoader />;
  if (visits.isError) return <Alert severity={isMissingRecord(visits.error) ? 'info' : 'error'}>{isMissingRecord(visits.error) ? 'This patient does not exist.' : errorMessage(visits.error, 'Could not load the patient.')}</Alert>;
  const all = visits.data.results;
  const visit = all.find((v) => v.id === selected) ?? all[0];
  if (!visit) return <Alert severity="info">This patient has no visits.</Alert>;
  const lifetime = roundToCents(all.reduce((sum, v) => sum + v.total_cost, 0));

  return (
    <>
      <PageHeader
        title={visit.patient.patient_chart_number}
        leading={
          <Tooltip title="Back to patient history">
            <IconButton component={RouterLink} to="/patients" aria-label="Back to patient history">
              <ArrowBackOutlined />
            </IconButton>
          </Tooltip>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mb: 2 }}>
        <Card label="Total Visits" value={String(visits.data.total)} />
        <Card label="Estimated Cost" value={formatDollars(lifetime)} />
        <Card label="Visit Cost" value={formatDollars(visit.total_cost)} />
      </Box>
      <PatientImplants patientId={patientId} />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField select label="Visit" value={visit.id} onChange={(e) => { setSelected(e.target.value); }} sx={{ minWidth: 260 }}>
          {all.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {formatDateTime(v.created_at)}
            </MenuItem>
          ))}
        </TextField>
        {can(permissions, 'treatmentLogs', 'update') ? (
          // Correcting what the tray really used returns or takes the difference from stock.
          <Button variant="outlined" startIcon={<EditOutlined />} component={RouterLink} to={`/treatment-execution/edit/${visit.id}`}>
            Edit visit
          </Button>
        ) : null}
      </Stack>
      <Stack spacing={2}>
        {groups(visit).map((group) => (
          <TreatmentProducts key={group.title} title={group.title} rows={group.rows} />
        ))}
        {recording ? (
          <VisitRecorder key={visit.id} visit={visit} onClose={() => { setRecording(false); }} />
        ) : visit.recordingUrls.length === 0 && can(permissions, 'treatmentLogs', 'update') ? (
          // Spec: Add Recording only while the visit has none.
          <Box>
            <Button variant="outlined" startIcon={<MicOutlined />} onClick={() => { setRecording(true); }}>
              Add Recording
            </Button>
          </Box>
        ) : null}
        <VisitRecordings visit={visit} />
        <CaseNotesSection visit={visit} canEdit={can(permissions, 'treatmentLogs', 'update')} />
      </Stack>
    </>
  );
}
