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

export function configureSessionHooks(overrides: Partial<SessionHooks>): void {
  hooks = { ...hooks, ...overrides };
}

export function resetSessionHooks(): void {
  hooks = defaultHooks;
}

export function sessionHooks(): SessionHooks {
  return hooks;
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
