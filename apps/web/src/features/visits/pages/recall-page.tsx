import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
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
import { useSearchParams } from 'react-router';
import { can, RECALL_KIND_LABELS, RECALL_KINDS, readUdi, type Recall, type RecallKind, type RecallPatient } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AppLink } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useShownAtOnce } from '../../../lib/optimistic';
import { useProfile } from '../../../lib/profile';
import { recallQuery, recallQueryOptions, useRecallContact, type RecallSearch } from '../api/recall-api';

/** The search in the address: the first of ?lot=, ?serial=, ?udi_di= (a link from an alert, a reload). */
export function recallSearchFrom(params: URLSearchParams): RecallSearch {
  for (const by of RECALL_KINDS) {
    const value = params.get(by)?.trim();
    if (value) return { by, value };
  }
  return { by: 'lot', value: '' };
}

/** What is searched for a typed value: a UDI-DI may be typed as the GTIN or scanned as the whole label. */
export function searchValue(by: RecallKind, typed: string): string {
  const value = typed.trim();
  if (by !== 'udi_di' || /^\d+$/.test(value)) return value;
  const read = readUdi(value);
  return read.ok && read.udi.standard === 'gs1' && read.udi.productId ? read.udi.productId : value;
}

const NOTHING_FOUND: Record<RecallKind, (value: string) => string> = {
  lot: (value) => `No lot ${value} was ever received here.`,
  serial: (value) => `No device with serial number ${value} was implanted here.`,
  udi_di: (value) => `No product or implanted device with UDI-DI ${value} was used here.`,
};

/** "by Ana Ruiz, 03-02-2026 9:15 AM" under a contacted mark. */
export const contactedText = (patient: RecallPatient) => (patient.contacted ? `${patient.contacted.by}, ${formatDateTime(patient.contacted.at)}` : 'Not contacted');

interface ContactedBoxProps {
  patient: RecallPatient;
  canMark: boolean;
  saving: boolean;
  /** Saves the mark; `onRefused` runs if the server refuses it. */
  onMark: (onRefused: () => void) => void;
  onUnmark: () => void;
}

/** A patient's contacted mark: ticking it shows at once; taking it back asks first. */
function ContactedBox({ patient, canMark, saving, onMark, onUnmark }: ContactedBoxProps) {
  const { shown, show, forget } = useShownAtOnce(patient.contacted !== null);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Checkbox
        checked={shown}
        disabled={!canMark || saving}
        slotProps={{ input: { 'aria-label': `Contacted ${patient.patient_chart_number}`, 'aria-describedby': `contacted-${patient.patient_id}` } }}
        onChange={(_e, checked) => {
          if (!checked) {
            onUnmark();
            return;
          }
          show(true);
          onMark(forget);
        }}
      />
      <Typography id={`contacted-${patient.patient_id}`} variant="body2" color={patient.contacted ? 'text.primary' : 'text.secondary'}>
        {contactedText(patient)}
      </Typography>
    </Box>
  );
}

function AffectedPatients({ data, search }: { data: Recall; search: RecallSearch }) {
  const notify = useNotify();
  const profile = useProfile();
  const canMark = can(profile.data?.permissions ?? {}, 'treatmentLogs', 'create');
  const contact = useRecallContact(search, profile.data ? `${profile.data.first_name} ${profile.data.last_name}` : '');
  const [unmarking, setUnmarking] = useState<RecallPatient | null>(null);
  // Patients of the organization's other locations, reached through a transferred lot (issue 34).
  const elsewhere = new Map(data.visits.flatMap((v) => (v.location_name ? [[v.patient_id, v.location_name] as const] : [])));
  // The change shows at once (the cache is written before the server answers) and is taken back
  // with a message if the server refuses it.
  const mark = (patient: RecallPatient, contacted: boolean, onRefused?: () => void) => {
    contact.mutate(
      { patientId: patient.patient_id, contacted },
      {
        onSuccess: () => { notify.success(contacted ? `${patient.patient_chart_number} marked as contacted.` : `${patient.patient_chart_number} is no longer marked as contacted.`); },
        onError: (error) => {
          onRefused?.();
          notify.error(errorMessage(error, 'Could not save the contacted mark.'));
        },
      },
    );
  };
  return (
    <>
      <TableContainer sx={{ position: 'relative', mb: 2 }}>
        <Table size="small" aria-label="Affected patients" sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell>Patient chart no</TableCell>
              <TableCell>Last visit</TableCell>
              <TableCell>Contacted</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.patients.map((p) => (
              <TableRow key={p.patient_id}>
                <TableCell>
                  {/* A patient of another location (units that came by a transfer): that location calls them. */}
                  {elsewhere.has(p.patient_id) ? `${p.patient_chart_number} (at ${elsewhere.get(p.patient_id)!})` : <AppLink to={`/patients/${p.patient_id}`}>{p.patient_chart_number}</AppLink>}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.last_visit_at)}</TableCell>
                <TableCell>
                  {elsewhere.has(p.patient_id) ? `Contacted by ${elsewhere.get(p.patient_id)!}` : <ContactedBox
                    patient={p}
                    canMark={canMark}
                    saving={contact.isPending && contact.variables.patientId === p.patient_id}
                    onMark={(onRefused) => { mark(p, true, onRefused); }}
                    onUnmark={() => { setUnmarking(p); }}
                  />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ConfirmDialog
        open={unmarking !== null}
        title="Unmark contacted"
        message={unmarking ? `${unmarking.patient_chart_number} was marked as contacted by ${contactedText(unmarking)}. Take the mark back?` : ''}
        confirmLabel="Unmark"
        destructive
        onConfirm={() => {
          if (unmarking) mark(unmarking, false);
          setUnmarking(null);
        }}
        onClose={() => { setUnmarking(null); }}
      />
    </>
  );
}

interface SearchFormProps {
  initial: RecallSearch;
  busy: boolean;
  onSearch: (search: RecallSearch) => void;
}

function SearchForm({ initial, busy, onSearch }: SearchFormProps) {
  const [by, setBy] = useState<RecallKind>(initial.by);
  const [input, setInput] = useState(initial.value);
  const label = RECALL_KIND_LABELS[by];
  return (
    <Paper
      component="form"
      aria-label="Trace a recall"
      sx={{ p: 2, mb: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      onSubmit={(event) => {
        event.preventDefault();
        const value = searchValue(by, input);
        if (value) onSearch({ by, value });
      }}
    >
      <TextField select label="Search by" value={by} onChange={(e) => { setBy(e.target.value as RecallKind); }} sx={{ minWidth: 180 }}>
        {RECALL_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {RECALL_KIND_LABELS[kind]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={label}
        value={input}
        onChange={(e) => { setInput(e.target.value); }}
        required
        helperText={by === 'udi_di' ? 'The GTIN of the label (8 to 14 digits), or scan the whole label' : undefined}
        sx={{ minWidth: 240 }}
      />
      <Button type="submit" variant="contained" disabled={input.trim() === ''} loading={busy} sx={{ mt: 1 }}>
        Trace
      </Button>
    </Paper>
  );
}

/**
 * /recall: a supplier recalls a lot, a device by its serial number, or every device of a UDI-DI;
 * every patient who received it, each marked once told, ready to export. The search lives in the
 * address (?lot=, ?serial=, ?udi_di=), so an alert can open it.
 */
export function RecallPage() {
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const search = recallSearchFrom(params);
  const [exporting, setExporting] = useState(false);
  const trace = useQuery(recallQueryOptions(search));
  const data = trace.data;
  const found = data !== undefined && (data.lots.length > 0 || data.visits.length > 0);

  return (
    <>
      <PageHeader title="Recall tracing" subtitle="Enter the lot number, serial number or UDI-DI of a recall notice to see every patient who received it." />
      {/* Another search in the address (a link followed, back and forward) fills the form anew. */}
      <SearchForm key={`${search.by}:${search.value}`} initial={search} busy={trace.isFetching} onSearch={(next) => {
          if (next.by === search.by && next.value === search.value) void trace.refetch();
          else setParams({ [next.by]: next.value });
        }} />
      {trace.isError ? <Alert severity="error">{errorMessage(trace.error, 'Could not trace the recall.')}</Alert> : null}
      {data ? (
        <>
          {!found ? <Alert severity="info">{NOTHING_FOUND[data.by](data.value)}</Alert> : null}
          {data.lots.length > 0 ? (
            <TableContainer component={Paper} sx={{ mb: 2, position: 'relative' }}>
              <Table size="small" aria-label={data.by === 'lot' ? `Lots ${data.value}` : 'Lots'} sx={{ minWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Product</TableCell>
                    <TableCell>Lot</TableCell>
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
                        <AppLink to={`/products/${l.product.id}`}>{l.product.name}</AppLink>
                      </TableCell>
                      <TableCell>{`${l.lotNumber || '—'}${l.location_name ? ` (at ${l.location_name})` : ''}`}</TableCell>
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
          {found ? (
            <Paper component="section" aria-labelledby="recall-visits-title" sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Typography id="recall-visits-title" variant="h2">
                  {`${String(data.patients.length)} ${data.patients.length === 1 ? 'patient' : 'patients'}, ${String(data.visits.length)} ${data.visits.length === 1 ? 'visit' : 'visits'}`}
                </Typography>
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadOutlined />}
                  disabled={data.visits.length === 0}
                  loading={exporting}
                  onClick={() => {
                    setExporting(true);
                    downloadFromApi('recall/export', recallQuery({ by: data.by, value: data.value }), `recall-${data.value}.csv`, () => undefined)
                      .catch((error: unknown) => { notify.error(errorMessage(error, 'Could not export the recall list.')); })
                      .finally(() => { setExporting(false); });
                  }}
                >
                  Export CSV
                </Button>
              </Box>
              {data.visits.length === 0 ? (
                <Typography color="text.secondary">{data.by === 'lot' ? 'No patient received this lot.' : 'No patient received this device.'}</Typography>
              ) : (
                <>
                  <AffectedPatients data={data} search={{ by: data.by, value: data.value }} />
                  <TableContainer sx={{ position: 'relative' }}>
                    <Table size="small" aria-label={data.by === 'lot' ? 'Patients who received the lot' : 'Patients who received the device'} sx={{ minWidth: 640 }}>
                      <TableHead>
                        <TableRow>
                          <TableCell>Patient chart no</TableCell>
                          <TableCell>Visit</TableCell>
                          <TableCell>Product</TableCell>
                          <TableCell>Lot</TableCell>
                          <TableCell>Serial</TableCell>
                          <TableCell align="right">Units</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {data.visits.map((v, index) => (
                          // A visit may use a product twice (two lines): its position keeps the rows apart.
                          <TableRow key={`${v.treatment_log_id}-${v.lotNumber}-${v.serial_number}-${String(index)}`}>
                            <TableCell>
                              {v.location_name ? `${v.patient_chart_number} (at ${v.location_name})` : <AppLink to={`/patients/${v.patient_id}`}>{v.patient_chart_number}</AppLink>}
                            </TableCell>
                            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.visit_at)}</TableCell>
                            <TableCell>{v.product_name}</TableCell>
                            <TableCell>{v.lotNumber || '—'}</TableCell>
                            <TableCell>{v.serial_number || '—'}</TableCell>
                            <TableCell align="right">{v.quantity}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </TableContainer>
                </>
              )}
            </Paper>
          ) : null}
        </>
      ) : null}
    </>
  );
}
