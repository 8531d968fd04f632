// Where to go after signing in. continue_url comes from the address bar, so it is only honoured
// when it points at this console: anything else would make the login page an open redirect.
import { DEFAULT_START_PATH, pathForRouteName } from '@netfleet/contracts';

export const DEFAULT_AFTER_LOGIN = DEFAULT_START_PATH;

// Going back to an auth page would sign the user out again or loop on the form.
const AUTH_PATHS = new Set(['login', 'logout'].map((name) => pathForRouteName(name)));

export function loginTarget(
  continueUrl: string | null,
  here: Pick<Location, 'href' | 'host'>,
): string {
  if (!continueUrl) return DEFAULT_AFTER_LOGIN;
  let target: URL;
  try {
    target = new URL(continueUrl, here.href);
  } catch {
    return DEFAULT_AFTER_LOGIN;
  }
  const webProtocol = target.protocol === 'http:' || target.protocol === 'https:';
  if (!webProtocol || target.host !== here.host || AUTH_PATHS.has(target.pathname)) {
    return DEFAULT_AFTER_LOGIN;
  }
  return `${target.pathname}${target.search}${target.hash}`;
}
