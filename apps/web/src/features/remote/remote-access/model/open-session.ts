import type { ConnectSession } from '@netfleet/contracts';
import { launchSession } from '../api/connect';

/** Session types served on the device's web UI origin, entered with a one-time launch URL. */
const WEB_UI_TYPES: ReadonlySet<string> = new Set(['webui', 'lan-webui']);

export const isWebUiSession = (type: string): boolean => WEB_UI_TYPES.has(type);

/**
 * Opens `url` in a new tab that cannot reach back into the console. False when the browser
 * blocked it (the requests before it may have outlasted the click's permission to open tabs).
 */
export function openInNewTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  tab.opener = null;
  return true;
}

/**
 * Where a session is opened: a web UI session through a fresh one-time launch URL (the one it
 * was created with may be spent), the others on their console page (/rms-connect/...).
 */
export async function sessionUrl(session: Pick<ConnectSession, 'id' | 'type' | 'url'>) {
  return isWebUiSession(session.type) ? launchSession(session.id) : session.url;
}
