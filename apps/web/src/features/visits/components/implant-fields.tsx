import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import { readUdi } from '@clinic/domain';
import { BarcodeScannerDialog } from '../../../components/barcode/barcode-scanner-dialog';
import { formatDate } from '../../../lib/format';

interface ImplantFieldsProps {
  productName: string;
  udi: string;
  site: string;
  onChange: (patch: { implantUdi?: string; implantSite?: string }) => void;
  udiError?: string | undefined;
  siteError?: string | undefined;
}

/** What a readable label says, for the clinician to check against the box: GTIN, lot, serial, use by. */
export function udiSummary(udi: string): string | null {
  const read = readUdi(udi);
  if (!read.ok || read.udi.standard === 'plain') return null;
  const parts = [
    `UDI-DI ${read.udi.gtin ?? read.udi.productId}`,
    read.udi.lot ? `lot ${read.udi.lot}` : null,
    read.udi.serial ? `serial ${read.udi.serial}` : null,
    read.udi.expiry ? `use by ${formatDate(read.udi.expiry)}` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * Issue 20: an implantable product used at the chair asks for the device's UDI (scanned with the
 * camera or a hand scanner, or typed: the GS1 element string) and the site (tooth or area).
 */
export function ImplantFields({ productName, udi, site, onChange, udiError, siteError }: ImplantFieldsProps) {
  const [scanning, setScanning] = useState(false);
  const summary = udi.trim() ? udiSummary(udi.trim()) : null;
  return (
    <Box role="group" aria-label={`Implant of ${productName}`} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', width: '100%' }}>
      {/* The label and its scan button stay together and shrink with a phone's tray, never past it. */}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, flex: '2 1 240px', minWidth: 0 }}>
        <TextField
          size="small"
          label="Implant UDI"
          value={udi}
          onChange={(e) => { onChange({ implantUdi: e.target.value }); }}
          error={Boolean(udiError)}
          helperText={udiError ?? summary ?? 'Scan the label or type it, e.g. (01)…(17)…(10)…(21)…'}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Tooltip title="Scan the implant's UDI">
          <IconButton aria-label={`Scan the UDI of ${productName}`} onClick={() => { setScanning(true); }}>
            <QrCodeScannerOutlined />
          </IconButton>
        </Tooltip>
      </Box>
      <TextField
        size="small"
        label="Site (tooth or area)"
        value={site}
        onChange={(e) => { onChange({ implantSite: e.target.value }); }}
        error={Boolean(siteError)}
        helperText={siteError}
        slotProps={{ htmlInput: { maxLength: 60 } }}
        sx={{ flex: '1 1 140px', minWidth: 0 }}
      />
      {scanning ? (
        <BarcodeScannerDialog
          title="Scan the implant's UDI"
          onDetected={(code) => {
            setScanning(false);
            onChange({ implantUdi: code });
          }}
          onClose={() => { setScanning(false); }}
        />
      ) : null}
    </Box>
  );
}

/** A saved line's implant: shown, kept while the line stays. */
export function SavedImplant({ udi, site }: { udi: string; site: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
      {`Implant · site ${site} · ${udiSummary(udi) ?? udi}`}
    </Typography>
  );
}
