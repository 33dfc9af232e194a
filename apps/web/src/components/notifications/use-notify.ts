import { useContext } from 'react';
import { NotificationsContext, type Notifier } from './notifications-context';

/** Success and error toasts for the whole app. */
export function useNotify(): Notifier {
  const notifier = useContext(NotificationsContext);
  if (!notifier) throw new Error('useNotify must be used inside <NotificationsProvider>');
  return notifier;
}
