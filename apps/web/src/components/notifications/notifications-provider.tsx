import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { NotificationsContext, type Notification, type Notifier } from './notifications-context';

interface QueuedNotification extends Notification {
  key: number;
}

interface ToastState {
  /** The toast on screen first, then at most one waiting: the latest. */
  items: QueuedNotification[];
  open: boolean;
}

const AUTO_HIDE_MS = 5000;
let nextKey = 1;

/**
 * One toast at a time. A new message dismisses the one on screen, which slides out and
 * makes way, so feedback for the latest action is never stuck behind an older toast.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ToastState>({ items: [], open: false });
  const current = state.items[0];
  // The toast that has come on screen. Two messages in one tick (a form's "created", then what
  // followed it) would otherwise queue the second behind a first that never opened, and so never
  // slides out to make way: the first is replaced instead.
  const shownKey = useRef<number | null>(null);

  const notify = useCallback((notification: Notification) => {
    const next = { ...notification, key: nextKey++ };
    setState(({ items }) => (items.length === 0 || items[0]?.key !== shownKey.current ? { items: [next], open: true } : { items: [...items.slice(0, 1), next], open: false }));
  }, []);

  const notifier = useMemo<Notifier>(
    () => ({
      notify,
      success: (message) => {
        notify({ message, severity: 'success' });
      },
      error: (message) => {
        notify({ message, severity: 'error' });
      },
      info: (message) => {
        notify({ message, severity: 'info' });
      },
    }),
    [notify],
  );

  const close = () => {
    setState((previous) => ({ ...previous, open: false }));
  };

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') close();
  };

  const handleExited = () => {
    setState(({ items }) => ({ items: items.slice(1), open: items.length > 1 }));
  };

  return (
    <NotificationsContext value={notifier}>
      {children}
      {/*
        Portalled, and mounted only while a toast shows: a node added after a dialog opened is not
        among the siblings the dialog hides from screen readers, so the toast is still announced.
      */}
      {current ? (
        <Portal>
          <Snackbar
            key={current.key}
            open={state.open}
            autoHideDuration={AUTO_HIDE_MS}
            onClose={handleClose}
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
            slotProps={{
              transition: {
                onEnter: () => {
                  shownKey.current = current.key;
                },
                onExited: handleExited,
              },
            }}
          >
            <Alert
              severity={current.severity}
              variant="filled"
              onClose={close}
              // An action replaces the Alert's own close button; the toast keeps one beside it.
              action={
                current.action ? (
                  <>
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() => {
                        close();
                        current.action?.onClick();
                      }}
                    >
                      {current.action.label}
                    </Button>
                    <IconButton color="inherit" size="small" aria-label="Close" onClick={close}>
                      <CloseOutlined fontSize="small" />
                    </IconButton>
                  </>
                ) : undefined
              }
              sx={{ width: '100%' }}
            >
              {current.message}
            </Alert>
          </Snackbar>
        </Portal>
      ) : null}
    </NotificationsContext>
  );
}
