import { createContext } from 'react';
import type { AlertColor } from '@mui/material/Alert';

/** A button in the toast that takes the person on from what just happened (Open the cart). */
export interface NotificationAction {
  label: string;
  onClick: () => void;
}

export interface Notification {
  message: string;
  severity: AlertColor;
  action?: NotificationAction | undefined;
}

export interface Notifier {
  notify: (notification: Notification) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

export const NotificationsContext = createContext<Notifier | null>(null);
