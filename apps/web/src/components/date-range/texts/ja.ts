import { plural, type Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  period: '期間',
  custom: 'カスタム',
  from: '開始',
  to: '終了',
  apply: '適用',
  required: '日時を選択してください',
  startAfterEnd: '開始は終了より前にしてください',
  future: '未来の日時は指定できません',
  tooLong: (days: number) => plural(days, { other: '期間は最大 {{count}} 日までです' }),
};
