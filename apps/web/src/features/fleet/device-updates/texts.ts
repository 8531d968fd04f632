// The update firmware and upload backup pages' texts in the shown language (English source in
// texts/en.ts).
import { localize } from '@/lib/i18n';
import type { BackupFileChange } from './api/get-backup-comparison';
import type { UpdateKind } from './model/update-kinds';
import type { PageTab } from './paths';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const UPDATE_TEXTS = texts.update;

/** What differs between the firmware page and the backup page. */
export const KIND_TEXTS: Record<
  UpdateKind,
  {
    title: string;
    tabs: Record<PageTab, string>;
    filesTable: string;
    noFiles: string;
    /** The row action, and the title of its dialog. */
    rowAction: string;
    misfitsTitle: string;
    submit: string;
    confirmTitle: string;
    /** The 'Action status' dialog's title, as the devices list names the action. */
    statusTitle: string;
    started: string;
    pendingTable: string;
    noPending: string;
    cancelSelected: string;
    cancelConfirm: (count: number) => string;
    keep: string;
    cancelled: string;
    cancelFailed: string;
  }
> = texts.kinds;

export const FILE_CHANGE_LABELS: Record<BackupFileChange['change'], string> = texts.fileChanges;
