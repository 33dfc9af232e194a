import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, MESSAGES, type NotSentCounts } from '@clinic/domain';
import { forgetUnsent, unsentOf } from '../../lib/outbox/unsent-work';
import { useSessionClaims } from '../../lib/auth-token';
import { endSession } from '../../lib/session';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Sign out, with the spec's question. Work saved at the chair or the shelf and not sent yet is the
 * user's and is deleted with the session, so it is said first, by kind ("3 visits and 1 count are
 * not sent yet").
 */
const total = (counts: NotSentCounts) => counts.visits + counts.uses + counts.counts;

export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSessionClaims()?.sub ?? null;
  // Counted each time the dialog opens; the user's "Sign out anyway" lets the question through.
  const [unsent, setUnsent] = useState<{ counts: NotSentCounts; count: number; acknowledged: boolean } | null>(null);
  useEffect(() => {
    if (!open || !userId) return;
    let live = true;
    void unsentOf(userId).then((counts) => { if (live) setUnsent({ counts, count: total(counts), acknowledged: false }); }, () => undefined);
    return () => { live = false; };
  }, [open, userId]);
  const warnFirst = unsent !== null && unsent.count > 0 && !unsent.acknowledged;

  const close = () => {
    setUnsent(null);
    onClose();
  };

  const accept = async () => {
    if (userId) {
      // Asked before the count came: it is said now, before anything is deleted.
      const counts = unsent?.counts ?? (await unsentOf(userId).catch(() => ({ visits: 0, uses: 0, counts: 0 })));
      const count = total(counts);
      if (count > 0 && !unsent?.acknowledged) {
        setUnsent({ counts, count, acknowledged: false });
        return;
      }
      if (count > 0) await forgetUnsent(userId).catch(() => undefined);
    }
    close();
    endSession();
    queryClient.clear();
    void navigate('/', { replace: true });
  };

  if (warnFirst) {
    return (
      <Dialog open={open} onClose={close} aria-labelledby="logout-title" aria-describedby="logout-text">
        <DialogTitle id="logout-title">Not sent yet</DialogTitle>
        <DialogContent>
          <DialogContentText id="logout-text">{`${AUTH_MESSAGES.notSentYet(unsent.counts)}. ${AUTH_MESSAGES.notSentSignOut}`}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} autoFocus>
            Cancel
          </Button>
          <Button onClick={() => { setUnsent({ ...unsent, acknowledged: true }); }} color="error">
            Sign out anyway
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="logout-title" aria-describedby="logout-text">
      <DialogTitle id="logout-title">Warning</DialogTitle>
      <DialogContent>
        <DialogContentText id="logout-text">{MESSAGES.logoutConfirm}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button onClick={() => { void accept(); }} variant="contained" autoFocus>
          Accept
        </Button>
      </DialogActions>
    </Dialog>
  );
}
