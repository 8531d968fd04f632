// Spec §9 Toasts: 4000 ms, bottom-right (the Notifications host in app/providers places and limits
// them), types default, success, error, info and warning, each with its own colour.
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { TOAST_SETTINGS, type ToastType } from '@netfleet/contracts';

const COLORS: Readonly<Record<ToastType, string | undefined>> = {
  // The theme's primary colour.
  default: undefined,
  success: 'green',
  error: 'red',
  info: 'blue',
  warning: 'orange',
};

function show(message: ReactNode, type: ToastType = 'default'): string {
  return notifications.show({
    message,
    color: COLORS[type],
    autoClose: TOAST_SETTINGS.durationMs,
    'data-toast-type': type,
  });
}

/** `toast('Saved')`, `toast.success('Tag created successfully')`; returns the toast's id. */
export const toast = Object.assign(show, {
  success: (message: ReactNode) => show(message, 'success'),
  error: (message: ReactNode) => show(message, 'error'),
  info: (message: ReactNode) => show(message, 'info'),
  warning: (message: ReactNode) => show(message, 'warning'),
});
