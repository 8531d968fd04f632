import { pathForRouteName } from '@netfleet/contracts';
import type { BreadcrumbItem } from '@/components/breadcrumbs';

const ADMINISTRATION: BreadcrumbItem = { label: 'Administration' };

/** Parents of the users list (a menu group, not a page). */
export const USERS_PARENTS: readonly BreadcrumbItem[] = [ADMINISTRATION];

/** Parents of the pages under /users. */
export const USERS_CHILD_PARENTS: readonly BreadcrumbItem[] = [
  ADMINISTRATION,
  { label: 'Users', to: pathForRouteName('users.list') },
];
