import { firstPermittedPath, pathForRouteName, type CurrentUser } from '@netfleet/contracts';
import type { PageRegistry } from '@/app/pages';

/**
 * The catalogue gives react-router patterns; links need a concrete path. Optional segments are
 * dropped; a pattern that still needs a parameter has no concrete path.
 */
export function concretePath(pattern: string): string | undefined {
  const path = pattern.replace(/\/:[^/]+\?/g, '');
  return path.includes(':') ? undefined : path || '/';
}

/** Generic-form menu entries (forms.<name>) are built once the generic form page is. */
export function isBuilt(pages: PageRegistry, routeName: string): boolean {
  return routeName in pages || (routeName.startsWith('forms.') && 'forms' in pages);
}

export type Landing = { kind: 'path'; path: string } | { kind: 'access-denied' };

/**
 * Where an unknown or forbidden path sends the user (spec §2, §5): the first permitted menu page
 * that is built; the account page while no permitted menu page is built yet; 'Access denied'
 * when the user has no view permission at all.
 */
export function landingFor(
  user: Pick<CurrentUser, 'permissions'>,
  disabledRoutes: readonly string[],
  pages: PageRegistry,
): Landing {
  const context = { permissions: user.permissions, disabledRoutes };
  if (!firstPermittedPath(context)) return { kind: 'access-denied' };
  const pattern = firstPermittedPath({ ...context, isAvailable: (name) => isBuilt(pages, name) });
  const path = pattern && concretePath(pattern);
  if (path) return { kind: 'path', path };
  const account = pathForRouteName('account');
  return account && 'account' in pages
    ? { kind: 'path', path: account }
    : { kind: 'access-denied' };
}
