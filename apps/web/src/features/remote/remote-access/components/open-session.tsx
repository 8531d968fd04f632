import { Anchor } from '@mantine/core';
import type { ConnectSession } from '@netfleet/contracts';
import { toast } from '@/components/toasts';
import { openInNewTab, sessionUrl } from '../model/open-session';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/** A blocked tab still leaves the user one click from the session. */
export function openUrl(url: string): void {
  if (openInNewTab(url)) return;
  toast.warning(
    <>
      {T.popupBlocked}{' '}
      <Anchor href={url} target="_blank" rel="noopener noreferrer">
        {T.openSession}
      </Anchor>
    </>,
  );
}

/** Opens a session in a new tab (a web UI session through a fresh launch URL). */
export async function openSession(session: Pick<ConnectSession, 'id' | 'type' | 'url'>) {
  openUrl(await sessionUrl(session));
}
