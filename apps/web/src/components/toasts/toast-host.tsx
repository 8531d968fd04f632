import { Notifications } from '@mantine/notifications';
import { TOAST_SETTINGS } from '@netfleet/contracts';

/**
 * Renders the toasts: bottom-right by default, the top area for `{ position: 'top' }`. Mantine
 * caps each area on its own, so the top area's limit (spec §9) also holds the bottom-right one,
 * for which the spec sets none; further toasts wait in the queue.
 */
export function ToastHost() {
  return <Notifications position={TOAST_SETTINGS.position} limit={TOAST_SETTINGS.topMaxCount} />;
}
