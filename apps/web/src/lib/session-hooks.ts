// The api-client needs to know a little about the session (impersonation) and how to leave the
// page; the app layer plugs these in at startup so the client stays free of React and routing.
import { pathForRouteName } from '@netfleet/contracts';

export interface SessionHooks {
  isImpersonating: () => boolean;
  reload: () => void;
  redirect: (location: string) => void;
  currentLocation: () => string;
}

const defaultHooks: SessionHooks = {
  isImpersonating: () => false,
  reload: () => window.location.reload(),
  redirect: (location) => window.location.assign(location),
  currentLocation: () =>
    `${window.location.pathname}${window.location.search}${window.location.hash}`,
};

let hooks: SessionHooks = defaultHooks;
let leaving = false;

/**
 * Reload and redirect mark the page as leaving first: a request that fails from then on was cut
 * off by the navigation, not refused by the server, so it must not end the session (a refresh
 * racing "Cancel impersonation"'s reload once revoked it and landed on the login page).
 */
const leavingHooks = (base: SessionHooks): SessionHooks => ({
  ...base,
  reload: () => {
    leaving = true;
    base.reload();
  },
  redirect: (location) => {
    leaving = true;
    base.redirect(location);
  },
});

let active: SessionHooks = leavingHooks(hooks);

// A page the browser restores from its back/forward cache did not leave after all.
if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });
}

export function configureSessionHooks(overrides: Partial<SessionHooks>): void {
  hooks = { ...hooks, ...overrides };
  active = leavingHooks(hooks);
}

export function resetSessionHooks(): void {
  hooks = defaultHooks;
  active = leavingHooks(hooks);
  leaving = false;
}

export function sessionHooks(): SessionHooks {
  return active;
}

/** True once this page started to reload or leave through the session hooks. */
export function isLeavingPage(): boolean {
  return leaving;
}

/** The sign-in page's path, from the route catalogue so a renamed route cannot strand users. */
export function loginPath(): string {
  const path = pathForRouteName('login');
  if (!path) throw new Error('The route catalogue has no login route');
  return path;
}

export function loginUrl(continueUrl: string): string {
  return `${loginPath()}?continue_url=${encodeURIComponent(continueUrl)}`;
}
