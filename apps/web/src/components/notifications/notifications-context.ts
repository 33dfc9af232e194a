import { createContext } from 'react';
import type { AlertColor } from '@mui/material/Alert';

export interface Notification {
  message: string;
  severity: AlertColor;
}

export interface Notifier {
  notify: (notification: Notification) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

export const NotificationsContext = createContext<Notifier | null>(null);
