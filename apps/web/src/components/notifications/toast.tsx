import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { Notification } from './notifications-context';

const AUTO_HIDE_MS = 5000;

export interface ToastProps {
  notification: Notification;
  open: boolean;
  onClose: () => void;
  /** The toast has come on screen. */
  onEntered: () => void;
  /** The toast has slid out. */
  onExited: () => void;
}

/**
 * The toast on screen. Its own chunk: Snackbar and Alert are not on the first page, and
 * NotificationsProvider loads this as soon as the app has started (see there).
 */
export function Toast({ notification, open, onClose, onEntered, onExited }: ToastProps) {
  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') onClose();
  };
  return (
    <Portal>
      <Snackbar
        open={open}
        autoHideDuration={AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ transition: { onEnter: onEntered, onExited } }}
      >
        <Alert
          severity={notification.severity}
          variant="filled"
          onClose={onClose}
          // An action replaces the Alert's own close button; the toast keeps one beside it.
          action={
            notification.action ? (
              <>
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    onClose();
                    notification.action?.onClick();
                  }}
                >
                  {notification.action.label}
                </Button>
                <IconButton color="inherit" size="small" aria-label="Close" onClick={onClose}>
                  <CloseOutlined fontSize="small" />
                </IconButton>
              </>
            ) : undefined
          }
          sx={{ width: '100%' }}
        >
          {notification.message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
