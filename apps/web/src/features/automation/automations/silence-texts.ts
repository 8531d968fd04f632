// Texts of the silences view (kept apart from the rules' in the automations catalogue, texts/).
import { uiLocale } from '@/lib/i18n';
import type { SilenceState } from './model/silence-state';
import { texts } from './texts';

export const SILENCES_TEXTS = texts.silences;
export const STATE_LABELS: Record<SilenceState, string> = texts.silenceStateLabels;

export const STATE_COLORS: Record<SilenceState, string> = {
  active: 'orange',
  scheduled: 'blue',
  ended: 'gray',
  recurring: 'blue',
};

const weekday = new Intl.DateTimeFormat(uiLocale(), { weekday: 'long', timeZone: 'UTC' });

/** Day-of-week names by cron's number (0 and 7 are Sunday); 7 January 2024 was a Sunday. */
export const weekDayName = (day: number): string =>
  Number.isInteger(day) ? weekday.format(Date.UTC(2024, 0, 7 + (day % 7))) : String(day);

/** How cron schedules read in words (`describeCron`). */
export const CRON_WORDS = texts.cronWords;

/** A duration in words: '2 h 30 min', '1 day 2 h', '45 min'. */
export const DURATION_WORDS = texts.durationWords;
