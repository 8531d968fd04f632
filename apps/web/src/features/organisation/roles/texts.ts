// The roles page's, role editor's and permission table's texts in the shown language (English
// source in texts/en.ts), including the permission descriptions keyed by permission name.
import { localize } from '@/lib/i18n';
import { en } from './texts/en';

export const ROLE_TEXTS = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

/** What each permission allows, in the shown language (contracts PERMISSION_CATALOGUE). */
export const PERMISSION_DESCRIPTIONS = ROLE_TEXTS.permissions;
/** The permission categories' names in the shown language (contracts PERMISSION_CATEGORIES). */
export const PERMISSION_CATEGORY_LABELS = ROLE_TEXTS.categories;
