// Spec §9 Toasts: 4000 ms, bottom-right (the ToastHost places and limits them), types default,
// success, error, info and warning, each with its own colour; a separate top area for toasts
// about the console as a whole rather than about what the user just did.
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

export interface ToastOptions {
  /** 'top' shows the toast in the top area instead of the default bottom-right one. */
  position?: 'top';
}

function show(message: ReactNode, type: ToastType = 'default', options: ToastOptions = {}): string {
  return notifications.show({
    message,
    color: COLORS[type],
    autoClose: TOAST_SETTINGS.durationMs,
    ...(options.position === 'top' ? { position: TOAST_SETTINGS.topPosition } : {}),
    'data-toast-type': type,
  });
}

type TypedToast = (message: ReactNode, options?: ToastOptions) => string;

const typed =
  (type: ToastType): TypedToast =>
  (message, options) =>
    show(message, type, options);

/** `toast('Saved')`, `toast.error('Offline', { position: 'top' })`; returns the toast's id. */
export const toast = Object.assign(show, {
  success: typed('success'),
  error: typed('error'),
  info: typed('info'),
  warning: typed('warning'),
});
