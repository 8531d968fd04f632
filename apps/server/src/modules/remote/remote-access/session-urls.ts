import { randomBytes } from 'node:crypto';
import type { AccessProtocol, SessionType } from '@netfleet/contracts';
import { randomToken } from '@/lib/crypto';

/** How long a launch code opens the web UI origin: long enough to follow the link, no more. */
export const LAUNCH_CODE_TTL_MS = 5 * 60 * 1000;

/** The web UI types: proxied on their own origin rather than shown on a console page. */
export const isWebUi = (type: SessionType) => type === 'webui' || type === 'lan-webui';

/** The console page each other type opens on; a device's CLI over telnet opens the telnet one. */
const consolePageOf = (type: SessionType, protocol: AccessProtocol) => {
  if (type === 'vnc') return 'desktop';
  if (type === 'sftp') return 'sftp';
  return type === 'telnet' || protocol === 'telnet' ? 'telnet' : 'ssh';
};

/** 128 random bits as 32 lowercase hex characters: a DNS label for the session's origin. */
export const newHostToken = () => randomBytes(16).toString('hex');

export const newLaunchCode = () => randomToken(32);

/**
 * The links of a session. A web UI lives on its own origin `<host token>.<proxy domain>` with the
 * scheme and port of PUBLIC_URL (default ports left out), entered once with a launch code; the
 * other types open a console page that finds the session by id.
 */
export const createSessionUrls = (publicUrl: string, proxyDomain: string) => {
  const base = new URL(publicUrl);
  // URL leaves `port` empty for the scheme's default port, which is what a link should omit.
  const portPart = base.port ? `:${base.port}` : '';
  const scheme = base.protocol.replace(/:$/, '');
  return {
    webUi: (hostToken: string, code: string) =>
      `${scheme}://${hostToken}.${proxyDomain}${portPart}/__nf/launch?code=${encodeURIComponent(code)}`,
    consolePage: (type: SessionType, protocol: AccessProtocol, id: number) =>
      `${publicUrl}/rms-connect/${consolePageOf(type, protocol)}?session=${id}`,
  };
};

export type SessionUrls = ReturnType<typeof createSessionUrls>;

interface LinkDeps {
  urls: SessionUrls;
  setLaunchCode: (id: number, code: string, expiresAt: Date) => Promise<void>;
  now: () => Date;
}

/**
 * The url a caller sees for a session: only its owner, and only while it is open, gets one. A web
 * UI link carries a fresh launch code each time it is asked for, which replaces the previous code,
 * so at most one unused link per session can open it.
 */
export const createLinkIssuer = ({ urls, setLaunchCode, now }: LinkDeps) => ({
  async urlFor(
    row: {
      id: number;
      type: SessionType;
      protocol: AccessProtocol;
      userId: number;
      hostToken: string;
      endedAt: Date | null;
      expiresAt: Date;
    },
    callerId: number,
  ): Promise<string> {
    const at = now();
    if (row.userId !== callerId || row.endedAt !== null || row.expiresAt <= at) return '';
    if (!isWebUi(row.type)) return urls.consolePage(row.type, row.protocol, row.id);
    const code = newLaunchCode();
    await setLaunchCode(row.id, code, new Date(at.getTime() + LAUNCH_CODE_TTL_MS));
    return urls.webUi(row.hostToken, code);
  },
});

export type LinkIssuer = ReturnType<typeof createLinkIssuer>;
