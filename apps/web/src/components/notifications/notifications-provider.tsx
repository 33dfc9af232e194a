import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NotificationsContext, type Notification, type Notifier } from './notifications-context';
import type { Toast as ToastView } from './toast';

interface QueuedNotification extends Notification {
  key: number;
}

interface ToastState {
  /** The toast on screen first, then at most one waiting: the latest. */
  items: QueuedNotification[];
  open: boolean;
}

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
  // The toast's view (Snackbar, Alert) is its own chunk, off the first page: it is fetched once the
  // app has started, well before anyone can act; a message given before it arrives shows when it does.
  const [Toast, setToast] = useState<typeof ToastView | null>(null);
  useEffect(() => {
    let live = true;
    void import('./toast').then((module) => {
      if (live) setToast(() => module.Toast);
    });
    return () => {
      live = false;
    };
  }, []);

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
      {current && Toast ? (
        <Toast
          key={current.key}
          notification={current}
          open={state.open}
          onClose={close}
          onEntered={() => {
            shownKey.current = current.key;
          }}
          onExited={handleExited}
        />
      ) : null}
    </NotificationsContext>
  );
}
