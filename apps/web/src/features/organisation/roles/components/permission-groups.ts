import {
  PERMISSION_CATEGORIES,
  PERMISSION_CATEGORY_NAMES,
  PERMISSIONS,
  type Permission,
  type PermissionCategory,
} from '@netfleet/contracts';
import { PERMISSION_CATEGORY_LABELS, PERMISSION_DESCRIPTIONS } from '../texts';

export interface PermissionRow {
  name: Permission;
  description: string;
}

export interface PermissionGroup {
  category: PermissionCategory;
  /** The category's name in the shown language. */
  label: string;
  rows: PermissionRow[];
}

/** The catalogue by category, in the catalogue's order. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = PERMISSION_CATEGORY_NAMES.map(
  (category) => ({
    category,
    label: PERMISSION_CATEGORY_LABELS[category],
    rows: PERMISSION_CATEGORIES[category].map((name) => ({
      name,
      description: PERMISSION_DESCRIPTIONS[name],
    })),
  }),
);

const matches = (row: PermissionRow, term: string): boolean =>
  row.name.toLowerCase().includes(term) || row.description.toLowerCase().includes(term);

/** The groups with the rows that match the search (name or description) and `keep`. */
export function filterGroups(
  search: string,
  keep: (row: PermissionRow) => boolean = () => true,
): PermissionGroup[] {
  const term = search.trim().toLowerCase();
  return PERMISSION_GROUPS.map((group) => ({
    category: group.category,
    label: group.label,
    rows: group.rows.filter((row) => keep(row) && (term === '' || matches(row, term))),
  })).filter((group) => group.rows.length > 0);
}

/** `granted` with `names` switched on or off, in catalogue order (unknown names dropped). */
export function switchPermissions(
  granted: ReadonlySet<string>,
  names: readonly string[],
  on: boolean,
): Permission[] {
  const next = new Set(granted);
  for (const name of names) {
    if (on) next.add(name);
    else next.delete(name);
  }
  return PERMISSIONS.filter((permission) => next.has(permission));
}
