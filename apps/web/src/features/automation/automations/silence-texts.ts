import { SILENCE_WINDOW_MAX_SECONDS } from '@netfleet/contracts';
import type { SilenceState } from './model/silence-state';

/** The item of the failure toasts ('Failed to remove silence'). */
export const SILENCE_ITEM = 'silence';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

// English texts of the silences view (kept apart from texts.ts, which holds the rules' texts).
export const SILENCES_TEXTS = {
  automationsTab: 'Automations',
  silencesTab: 'Silences',
  viewLabel: 'Automations and silences',
  table: 'Silences',
  newSilence: 'New silence',
  editSilence: 'Edit silence',
  empty: 'No silences yet',
  emptyHint:
    'A silence (maintenance window) keeps rules evaluating and logging while their actions are skipped: no notifications, e-mails or webhooks for the automations and devices it covers.',
  noRows: 'No silences found',
  name: 'Name',
  scope: 'Scope',
  window: 'Window',
  state: 'State',
  notifyAfter: 'Notify after',
  actions: 'Actions',
  yes: 'Yes',
  no: 'No',
  edit: 'Edit',
  endNow: 'End now',
  delete: 'Delete',
  // Scope
  allAutomations: 'All automations',
  automationsCount: (count: number) => plural(count, 'automation'),
  allDevices: 'All devices',
  devicesCount: (count: number) => plural(count, 'device'),
  tagsCount: (count: number) => plural(count, 'tag'),
  // Window
  range: (from: string, to: string) => `${from} – ${to}`,
  recurring: (schedule: string, zone: string, duration: string) =>
    `${schedule} (${zone}), for ${duration}`,
  // Dialogs and toasts
  deleteTitle: 'Delete silence',
  deleteConfirm: (name: string) =>
    `Delete silence ${name}? Rules it covers act again at once; actions it skipped are not run.`,
  ended: (name: string) => `Silence ${name} ended`,
  // Form
  automations: 'Automations',
  automationsPlaceholder: 'All automations',
  automationsHint: 'None picked: every automation of the company.',
  devices: 'Devices',
  devicesPlaceholder: 'Search devices by name',
  devicesHint: 'With no device and no tag picked: every device of the company.',
  tags: 'Devices with tags',
  noDevicesFound: 'No devices found',
  nothingFound: 'Nothing found',
  startsAt: 'Start',
  endsAt: 'End',
  timeZone: (zone: string) => `Times are in ${zone}.`,
  repeat: 'Repeat within this period',
  repeatHint: 'Windows open on a cron schedule between the start and the end.',
  schedule: 'Schedule (cron)',
  scheduleHint: 'Minute, hour, day of month, month and day of week, as cron reads them.',
  cronField: {
    minute: 'Minute',
    hour: 'Hour',
    dayOfMonth: 'Day of month',
    month: 'Month',
    dayOfWeek: 'Day of week',
  },
  scheduleTimeZone: 'Time zone',
  duration: 'Each window lasts (minutes)',
  required: 'Required',
  durationRange: `From 1 to ${SILENCE_WINDOW_MAX_SECONDS / 60} minutes (a week)`,
  notifyAfterLabel: 'Notify when it ends',
  notifyAfterHint:
    'Alerts that fired during the silence and are still open notify once at its end.',
  save: 'Save',
  cancel: 'Cancel',
} as const;

export const STATE_LABELS: Record<SilenceState, string> = {
  active: 'Active now',
  scheduled: 'Scheduled',
  ended: 'Ended',
  recurring: 'Recurring',
};

export const STATE_COLORS: Record<SilenceState, string> = {
  active: 'orange',
  scheduled: 'blue',
  ended: 'gray',
  recurring: 'blue',
};

const WEEK_DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Day-of-week names by cron's number (0 and 7 are Sunday). */
export const weekDayName = (day: number): string => WEEK_DAY_NAMES[day % 7] ?? String(day);

/** How cron schedules read in words (`describeCron`). */
export const CRON_WORDS = {
  everyMinute: 'Every minute',
  everyHourAt: (minute: number) => `Every hour at minute ${minute}`,
  everyDayAt: (time: string) => `Every day at ${time}`,
  weekdaysAt: (time: string) => `Every weekday at ${time}`,
  daysAt: (days: string, time: string) => `Every ${days} at ${time}`,
  monthDayAt: (day: number, time: string) => `On day ${day} of every month at ${time}`,
  cron: (expression: string) => `Cron ${expression}`,
  and: ' and ',
} as const;

/** A duration in words: '2 h 30 min', '1 day 2 h', '45 min'. */
export const DURATION_WORDS = {
  day: (count: number) => plural(count, 'day'),
  hour: (count: number) => `${count} h`,
  minute: (count: number) => `${count} min`,
} as const;
