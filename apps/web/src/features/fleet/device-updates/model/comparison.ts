import { parseApiDate, type FileInfo } from '@netfleet/contracts';
import { UPDATE_TEXTS as T } from '../texts';

type Backup = Pick<FileInfo, 'id' | 'created_at'>;

const age = (file: Backup) => parseApiDate(file.created_at);

/** The two backups, the older first: the comparison shows what changed since it. */
export const olderFirst = <B extends Backup>(a: B, b: B): [B, B] =>
  age(a) < age(b) || (age(a) === age(b) && a.id < b.id) ? [a, b] : [b, a];

/** An option's value as text: a list's items comma separated; no value at all, a dash. */
export const valueText = (value: string | readonly string[] | null): string => {
  if (value === null) return T.none;
  return typeof value === 'string' ? value : value.join(', ');
};
