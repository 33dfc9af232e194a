import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, MESSAGES } from '@clinic/domain';
import { forgetUnsent, unsentCount } from '../../features/visits/outbox/unsent-work';
import { useSessionClaims } from '../../lib/auth-token';
import { endSession } from '../../lib/session';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Sign out, with the spec's question. Work saved at the chair and not sent yet is the user's and
 * is deleted with the session, so its count is said first ("3 visits are not sent yet").
 */
export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSessionClaims()?.sub ?? null;
  // Counted each time the dialog opens; the user's "Sign out anyway" lets the question through.
  const [unsent, setUnsent] = useState<{ count: number; acknowledged: boolean } | null>(null);
  useEffect(() => {
    if (!open || !userId) return;
    let live = true;
    void unsentCount(userId).then((count) => { if (live) setUnsent({ count, acknowledged: false }); }, () => undefined);
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
      const count = unsent?.count ?? (await unsentCount(userId).catch(() => 0));
      if (count > 0 && !unsent?.acknowledged) {
        setUnsent({ count, acknowledged: false });
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
          <DialogContentText id="logout-text">{`${AUTH_MESSAGES.notSentYet(unsent.count)}. ${AUTH_MESSAGES.notSentSignOut}`}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} autoFocus>
            Cancel
          </Button>
          <Button onClick={() => { setUnsent({ count: unsent.count, acknowledged: true }); }} color="error">
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
