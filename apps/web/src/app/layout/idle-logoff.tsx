import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { publicConfigQueryOptions } from '../../lib/config';
import { markActivity, msUntilIdleSignOut } from '../../lib/idle';
import { endSession } from '../../lib/session';

/** Until the server says otherwise (GET config): the default of IDLE_LOGOFF_MINUTES. */
const DEFAULT_IDLE_MINUTES = 30;
const WARN_BEFORE_MS = 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Signs the user out after a stretch without activity (a tablet left at the chair shows patient
 * data to whoever picks it up), with a minute's warning. Activity in any tab counts.
 */
export function IdleLogoff() {
  const config = useQuery(publicConfigQueryOptions());
  const minutes = config.data?.idle_logoff_minutes ?? DEFAULT_IDLE_MINUTES;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [remaining, setRemaining] = useState<number | null>(null);

  useEffect(() => {
    const since = Date.now();
    markActivity(since, true);
    const onActivity = () => { markActivity(Date.now()); };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true, capture: true });
    const timer = window.setInterval(() => {
      const left = msUntilIdleSignOut(Date.now(), minutes, since);
      if (left <= 0) {
        window.clearInterval(timer);
        endSession('idle');
        queryClient.clear();
        void navigate('/', { replace: true });
        return;
      }
      setRemaining(left <= WARN_BEFORE_MS ? left : null);
    }, 1_000);
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [minutes, navigate, queryClient]);

  const stay = () => {
    markActivity(Date.now(), true);
    setRemaining(null);
  };
  const seconds = remaining === null ? 0 : Math.ceil(remaining / 1000);

  return (
    <Dialog open={remaining !== null} onClose={stay} aria-labelledby="idle-title" aria-describedby="idle-text">
      <DialogTitle id="idle-title">Still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-text" role="timer" aria-live="polite">
          {`Nothing has happened for a while. To keep patient data private you will be signed out in ${String(seconds)} second${seconds === 1 ? '' : 's'}.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={stay} variant="contained" autoFocus>
          Stay signed in
        </Button>
      </DialogActions>
    </Dialog>
  );
}
