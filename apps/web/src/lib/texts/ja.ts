import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const ja: Translation<typeof en> = {
  downloadFailed: 'ファイルをダウンロードできませんでした',
  channelRevoked: 'このチャンネルを受信する権限がなくなりました',
};
