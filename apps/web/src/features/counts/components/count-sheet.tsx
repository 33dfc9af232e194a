import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import { useQuery } from '@tanstack/react-query';
import { readUdi, scanSearchTerm } from '@clinic/domain';
import { BarcodeScannerDialog } from '../../../components/barcode/barcode-scanner-dialog';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { placesQueryOptions } from '../../../lib/places';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { countLinesQueryOptions } from '../api/counts-api';
import { CountLineCard } from './count-line-card';
import { FoundLotDialog } from './found-lot-dialog';
import { useQueuedCountLines } from './queued-counts';
import { LoadingBar } from '../../../components/loading-bar';

const PER_PAGE = 25;
type LineState = 'all' | 'uncounted' | 'counted';

/**
 * The sheet of an open count, made for a phone at the shelf: scan a box (or type its name or lot),
 * type the units, save. The books' figures stay hidden until a line is saved.
 */
export function CountSheet({ countId }: { countId: string }) {
  const [search, setSearch] = useState('');
  const [state, setState] = useState<LineState>('all');
  // Counting one room at a time: only the lots of one storage place ('' for every place).
  const [placeId, setPlaceId] = useState('');
  const places = useQuery(placesQueryOptions());
  const [page, setPage] = useState(1);
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState<string | null>(null);
  // A scanned label's lot: its line takes the focus once it shows.
  const [scannedLot, setScannedLot] = useState<string | null>(null);
  const [addingFound, setAddingFound] = useState(false);
  const term = useDebouncedValue(search, 250).trim();
  const lines = useQuery(countLinesQueryOptions(countId, { currentPage: page, perPage: PER_PAGE, ...(term ? { search: term } : {}), ...(state === 'all' ? {} : { state }), ...(placeId ? { place_id: placeId } : {}) }));
  const rows = lines.data?.results ?? [];
  // Each line's latest figure saved here and not sent yet: its card says it is waiting.
  const queued = new Map(useQueuedCountLines(countId).flatMap((entry) => ('line_id' in entry.body ? [[entry.body.line_id, entry] as const] : [])));
  const focusId = rows.find((l) => scannedLot !== null && l.lot_number.toUpperCase() === scannedLot.toUpperCase())?.id ?? (rows.length === 1 && term ? rows[0]!.id : null);

  return (
    <>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <SearchField
            label="Find a product or lot"
            value={search}
            onChange={(value) => {
              setSearch(value);
              setScannedLot(null);
              setPage(1);
            }}
          />
          <Button variant="outlined" startIcon={<QrCodeScannerOutlined />} onClick={() => { setScanning(true); }}>
            Scan
          </Button>
          <TextField select size="small" label="Show" value={state} onChange={(e) => { setState(e.target.value as LineState); setPage(1); }} sx={{ minWidth: 160 }}>
            <MenuItem value="all">Every lot</MenuItem>
            <MenuItem value="uncounted">Not counted yet</MenuItem>
            <MenuItem value="counted">Counted</MenuItem>
          </TextField>
          <TextField select size="small" label="Place" value={placeId} onChange={(e) => { setPlaceId(e.target.value); setPage(1); }} sx={{ minWidth: 160 }}>
            <MenuItem value="">Every place</MenuItem>
            {(places.data ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <Button startIcon={<AddOutlined />} onClick={() => { setAddingFound(true); }}>
            Add a found lot
          </Button>
        </Stack>
      </Paper>
      {scanProblem ? (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => { setScanProblem(null); }}>
          {scanProblem}
        </Alert>
      ) : null}
      <LoadingBar loading={lines.isFetching} />
      {lines.isError ? <Alert severity="error">{errorMessage(lines.error, 'Could not load the count sheet.')}</Alert> : null}
      {lines.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {term ? 'No lot of this count matches. A box that is not on the books can be added as a found lot.' : 'Nothing to show here.'}
        </Typography>
      ) : null}
      <Paper>
        <Stack component="ul" aria-label="Count sheet" sx={{ m: 0, p: 0 }}>
          {rows.map((line) => (
            <CountLineCard key={line.id} countId={countId} line={line} focus={line.id === focusId} queued={queued.get(line.id)} />
          ))}
        </Stack>
      </Paper>
      {(lines.data?.lastPage ?? 1) > 1 ? <Pagination sx={{ mt: 2 }} count={lines.data?.lastPage ?? 1} page={page} onChange={(_e, next) => { setPage(next); }} /> : null}
      {scanning ? (
        <BarcodeScannerDialog
          title="Scan a box"
          onDetected={(code) => {
            setScanning(false);
            const read = readUdi(code);
            if (!read.ok) {
              setScanProblem(read.message);
              return;
            }
            setScanProblem(null);
            // The product's code finds its lots; a label with only lot and expiry finds the lot.
            setSearch(read.udi.productId ? scanSearchTerm(read.udi) : (read.udi.lot ?? ''));
            setScannedLot(read.udi.lot ?? null);
            setPage(1);
          }}
          onClose={() => { setScanning(false); }}
        />
      ) : null}
      {addingFound ? <FoundLotDialog countId={countId} onClose={() => { setAddingFound(false); }} /> : null}
    </>
  );
}
