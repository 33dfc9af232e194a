import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import MoreVert from '@mui/icons-material/MoreVert';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { useQuery } from '@tanstack/react-query';
import type { Implant, ImplantCardLayout, ImplantCardPaper } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { downloadFromApi } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { tableCardsSx } from '../../../components/table-cards-sx';
import { IMPLANTS_SHOWN, patientImplantsQueryOptions } from '../api/visits-api';

/** On phones each implant is a card, its card button in reach (components/table-cards-sx.ts). */
const COLUMNS = [
  { label: 'Device' },
  { label: 'Manufacturer' },
  { label: 'Lot / serial' },
  { label: 'UDI-DI' },
  { label: 'Site' },
  { label: 'Date' },
  { label: 'Clinician' },
  { label: 'Card', srOnly: true },
] as const;

/** Lot and serial as the label printed them. */
const lotAndSerial = (implant: Implant) => [implant.lot_number && `Lot ${implant.lot_number}`, implant.serial_number && `SN ${implant.serial_number}`].filter(Boolean).join(' · ') || '—';

/** Issue 55: besides the ID-1 card itself, a sheet to print and cut on ordinary paper, and the record's full page. */
const OTHER_FORMATS: { label: string; layout: ImplantCardLayout; paper?: ImplantCardPaper }[] = [
  { label: 'Card on Letter paper, to cut out', layout: 'sheet', paper: 'letter' },
  { label: 'Card on A4 paper, to cut out', layout: 'sheet', paper: 'a4' },
  { label: 'Full-page record', layout: 'summary' },
];

/** Issue 20: the devices implanted in the patient, newest first, each with its implant card (PDF). */
export function PatientImplants({ patientId }: { patientId: string }) {
  const notify = useNotify();
  const implants = useQuery(patientImplantsQueryOptions(patientId));
  const [loading, setLoading] = useState<string | null>(null);
  const [formats, setFormats] = useState<{ implant: Implant; anchor: HTMLElement } | null>(null);
  if (implants.isPending) return null;
  if (implants.isError) return <Alert severity="error">{errorMessage(implants.error, 'Could not load the implants.')}</Alert>;
  const { results, total } = implants.data;
  if (total === 0) return null;

  const downloadCard = (implant: Implant, format: { layout: ImplantCardLayout; paper?: ImplantCardPaper | undefined } = { layout: 'card' }) => {
    setLoading(implant.id);
    const query = format.layout === 'card' ? {} : { layout: format.layout, ...(format.paper ? { paper: format.paper } : {}) };
    downloadFromApi(`implant/${implant.id}/card`, query, `implant-card-${implant.id}.pdf`, () => undefined)
      .catch((error: unknown) => { notify.error(errorMessage(error, 'Could not make the implant card. Please try again.')); })
      .finally(() => { setLoading(null); });
  };

  return (
    <TableContainer component={Paper} sx={[{ mb: 2, position: 'relative' }, tableCardsSx(COLUMNS)]}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, px: 2, pt: 1.5 }}>
        Implants
      </Typography>
      <Table size="small" aria-label="Implants" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Device</TableCell>
            <TableCell>Manufacturer</TableCell>
            <TableCell>Lot / serial</TableCell>
            <TableCell>UDI-DI</TableCell>
            <TableCell>Site</TableCell>
            <TableCell>Date</TableCell>
            <TableCell>Clinician</TableCell>
            <TableCell align="right">Card</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((implant) => (
            <TableRow key={implant.id}>
              <TableCell>{implant.product.name}</TableCell>
              <TableCell>{implant.manufacturer_name || '—'}</TableCell>
              <TableCell>{lotAndSerial(implant)}</TableCell>
              <TableCell>{implant.device_identifier}</TableCell>
              <TableCell>{implant.site}</TableCell>
              <TableCell>{formatDate(implant.implanted_at)}</TableCell>
              <TableCell>{implant.clinician?.name ?? '—'}</TableCell>
              <TableCell align="right">
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                  <Button
                    size="small"
                    startIcon={<PictureAsPdfOutlined />}
                    loading={loading === implant.id}
                    aria-label={`Implant card of ${implant.product.name}${implant.serial_number ? ` ${implant.serial_number}` : ''}`}
                    onClick={() => { downloadCard(implant); }}
                  >
                    Implant card
                  </Button>
                  <IconButton size="small" aria-label={`Other formats of the implant card of ${implant.product.name}`} aria-haspopup="menu" onClick={(event) => { setFormats({ implant, anchor: event.currentTarget }); }}>
                    <MoreVert fontSize="small" />
                  </IconButton>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Menu anchorEl={formats?.anchor ?? null} open={formats !== null} onClose={() => { setFormats(null); }}>
        {OTHER_FORMATS.map((format) => (
          <MenuItem
            key={format.label}
            onClick={() => {
              if (formats) downloadCard(formats.implant, format);
              setFormats(null);
            }}
          >
            {format.label}
          </MenuItem>
        ))}
      </Menu>
      {total > IMPLANTS_SHOWN ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
          {`The ${String(IMPLANTS_SHOWN)} latest of ${String(total)} implants.`}
        </Typography>
      ) : null}
    </TableContainer>
  );
}
