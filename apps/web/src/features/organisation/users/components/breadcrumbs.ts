import { pathForRouteName } from '@netfleet/contracts';
import type { BreadcrumbItem } from '@/components/breadcrumbs';
import { USERS_TEXTS as T } from '../texts';

const ADMINISTRATION: BreadcrumbItem = { label: T.administration };

/** Parents of the users list (a menu group, not a page). */
export const USERS_PARENTS: readonly BreadcrumbItem[] = [ADMINISTRATION];

/** Parents of the pages under /users. */
export const USERS_CHILD_PARENTS: readonly BreadcrumbItem[] = [
  ADMINISTRATION,
  { label: T.users, to: pathForRouteName('users.list') },
];
