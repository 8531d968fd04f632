import { Button, Group, Select, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIES, RELOAD_DELAY_TIMEZONE_MS } from '@netfleet/contracts';
import { deleteCookie, readCookie, writeCookie } from '@/lib/cookies';
import { timeZoneOptions, type TimeZoneOption } from '@/lib/format';
import { uiLocale } from '@/lib/i18n';
import { sessionHooks } from '@/lib/session-hooks';
import { MESSAGE_TEXTS } from '@/lib/messages';

// Some 400 offsets take a moment to compute: once per page is enough (the page reloads on a
// change anyway, and offsets only move at daylight saving changes).
let zoneOptions: TimeZoneOption[] | undefined;
const allZoneOptions = () => (zoneOptions ??= timeZoneOptions());

function reloadSoon(): void {
  setTimeout(() => sessionHooks().reload(), RELOAD_DELAY_TIMEZONE_MS);
}

interface TimezoneFormProps {
  onDone: () => void;
  /** Drops the date range from the page's URL: its dates were meant in the previous zone. */
  clearDateRange: () => void;
}

/**
 * Spec §4 Timezone change: store the choice, toast, clear the date range in the query, reload
 * after 300 ms; reset removes the choice (and the range, for the same reason) and reloads.
 */
export function TimezoneForm({ onDone, clearDateRange }: TimezoneFormProps) {
  const { t } = useTranslation();
  const zones = allZoneOptions();
  const browserZone = Intl.DateTimeFormat(uiLocale()).resolvedOptions().timeZone;
  const [zone, setZone] = useState<string | null>(() => readCookie(COOKIES.timezone));

  const save = () => {
    if (!zone) return;
    writeCookie(COOKIES.timezone, zone);
    notifications.show({ color: 'green', message: MESSAGE_TEXTS.timezoneUpdated });
    clearDateRange();
    onDone();
    reloadSoon();
  };
  const reset = () => {
    deleteCookie(COOKIES.timezone);
    notifications.show({ message: MESSAGE_TEXTS.timezoneDefault });
    clearDateRange();
    onDone();
    reloadSoon();
  };

  return (
    <Stack>
      <Select
        label={t('header.timezone')}
        data={zones}
        value={zone}
        onChange={setZone}
        searchable
        placeholder={t('header.timezoneDefault', { zone: browserZone })}
        nothingFoundMessage="—"
      />
      <Group justify="space-between">
        <Button variant="default" onClick={reset}>
          {t('header.timezoneReset')}
        </Button>
        <Button onClick={save} disabled={!zone}>
          {t('header.timezoneSave')}
        </Button>
      </Group>
    </Stack>
  );
}

export function openTimezoneModal(title: string, clearDateRange: () => void): void {
  const id = modals.open({
    title,
    children: <TimezoneForm onDone={() => modals.close(id)} clearDateRange={clearDateRange} />,
  });
}
