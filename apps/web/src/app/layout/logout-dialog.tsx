import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@clinic/domain';
import { endSession } from '../../lib/session';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const accept = () => {
    onClose();
    endSession();
    queryClient.clear();
    void navigate('/', { replace: true });
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="logout-title" aria-describedby="logout-text">
      <DialogTitle id="logout-title">Warning</DialogTitle>
      <DialogContent>
        <DialogContentText id="logout-text">{MESSAGES.logoutConfirm}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button onClick={accept} variant="contained" autoFocus>
          Accept
        </Button>
      </DialogActions>
    </Dialog>
  );
}
