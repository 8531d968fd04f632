// TODO(i18n helper): translate
import type { Translation } from '@/lib/i18n';
import { en } from './en';

export const ja: Translation<typeof en> = en;
