// The api-client needs to know a little about the session (impersonation) and how to leave the
// page; the app layer plugs these in at startup so the client stays free of React and routing.

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

export function loginUrl(continueUrl: string): string {
  return `/login?continue_url=${encodeURIComponent(continueUrl)}`;
}
