import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@clinic/domain';
import { isUnsupportedAppleMobileOs } from '../../lib/ipad-version';

export function UnsupportedIpadDialog() {
  const [open, setOpen] = useState(() => isUnsupportedAppleMobileOs(navigator.userAgent, navigator.maxTouchPoints));
  return (
    <Dialog open={open} onClose={() => { setOpen(false); }} aria-labelledby="unsupported-ipad-title" aria-describedby="unsupported-ipad-text">
      <DialogTitle id="unsupported-ipad-title">Unsupported iPad</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsupported-ipad-text">{MESSAGES.unsupportedIpad}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => { setOpen(false); }} variant="contained">
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
