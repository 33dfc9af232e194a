import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STOCK_MESSAGES } from '@clinic/domain';
import { createDetector } from './detector';

type ScanState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; message: string };

/** Spec section 5's three messages, from what getUserMedia or the detector reported. */
export function scanFailureMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return STOCK_MESSAGES.cameraPermission;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotSupportedError') return STOCK_MESSAGES.scanUnsupported;
  return STOCK_MESSAGES.scanError;
}

export interface BarcodeScannerDialogProps {
  title?: string;
  onDetected: (code: string) => void;
  onClose: () => void;
}

/**
 * Reads a barcode with the camera (rear camera on phones and tablets). A hand scanner or the
 * keyboard works too: it types into the box below and Enter sends it.
 */
export function BarcodeScannerDialog({ title = 'Scan barcode', onDetected, onClose }: BarcodeScannerDialogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ kind: 'starting' });
  const [typed, setTyped] = useState('');
  const detected = useRef(onDetected);
  useEffect(() => {
    detected.current = onDetected;
  }, [onDetected]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'failed', message: STOCK_MESSAGES.scanUnsupported });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = await createDetector();
        setState({ kind: 'scanning' });
        const tick = async () => {
          if (stopped || !video.current) return;
          try {
            const [found] = video.current.readyState >= 2 ? await detector.detect(video.current) : [];
            if (found?.rawValue && !stopped) {
              detected.current(found.rawValue);
              return;
            }
          } catch (error) {
            setState({ kind: 'failed', message: scanFailureMessage(error) });
            return;
          }
          timer = setTimeout(() => void tick(), 150);
        };
        void tick();
      } catch (error) {
        if (!stopped) setState({ kind: 'failed', message: scanFailureMessage(error) });
      }
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => { track.stop(); });
    };
  }, []);

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="scanner-title">
      <DialogTitle id="scanner-title">{title}</DialogTitle>
      <DialogContent>
        {state.kind === 'failed' ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {state.message}
          </Alert>
        ) : (
          <Box sx={{ position: 'relative', bgcolor: 'grey.900', borderRadius: 2, overflow: 'hidden', aspectRatio: '4 / 3', mb: 2 }}>
            <Box component="video" ref={video} muted playsInline aria-label="Camera preview" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
            {state.kind === 'starting' ? (
              <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                <CircularProgress aria-label="Starting the camera" />
              </Box>
            ) : null}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {state.kind === 'scanning' ? 'Hold the barcode inside the frame.' : 'You can also type the code or use a hand scanner.'}
        </Typography>
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim()) onDetected(typed.trim());
          }}
        >
          <TextField label="Barcode" value={typed} onChange={(e) => { setTyped(e.target.value); }} fullWidth size="small" autoFocus={state.kind === 'failed'} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!typed.trim()} onClick={() => { onDetected(typed.trim()); }}>
          Use code
        </Button>
      </DialogActions>
    </Dialog>
  );
}
