import { ROUTES } from '@netfleet/contracts';
import { matchPath } from 'react-router';

/** The company page's tabs that have their own route name (spec §2 route names). */
const COMPANY_TAB_NAMES: Readonly<Record<string, string>> = {
  tags: 'company.tags',
  'users/table': 'company.userstable',
  'users/invitations': 'company.invitations',
};

/** Catalogue routes with fewer parameters first, so /resources/codes is not read as a tab. */
const BY_SPECIFICITY = [...ROUTES].sort(
  (a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0),
);

/** The spec route name of a path, as the help panel looks its content up; null when unknown. */
export function routeNameOf(pathname: string): string | null {
  for (const route of BY_SPECIFICITY) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    if (route.name !== 'company.info') return route.name;
    const { tab, sub } = match.params;
    return COMPANY_TAB_NAMES[sub ? `${tab}/${sub}` : (tab ?? '')] ?? route.name;
  }
  return null;
}
