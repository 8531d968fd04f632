import { Button, Group, Select, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIES, MESSAGES, RELOAD_DELAY_TIMEZONE_MS } from '@netfleet/contracts';
import { deleteCookie, readCookie, writeCookie } from '@/lib/cookies';
import { sessionHooks } from '@/lib/session-hooks';

function reloadSoon(): void {
  setTimeout(() => sessionHooks().reload(), RELOAD_DELAY_TIMEZONE_MS);
}

/** Spec §4 Timezone change: store the choice, toast, reload after 300 ms; reset removes it. */
export function TimezoneForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [zone, setZone] = useState<string | null>(() => readCookie(COOKIES.timezone));

  const save = () => {
    if (!zone) return;
    writeCookie(COOKIES.timezone, zone);
    notifications.show({ color: 'green', message: MESSAGES.timezoneUpdated });
    onDone();
    reloadSoon();
  };
  const reset = () => {
    deleteCookie(COOKIES.timezone);
    notifications.show({ message: MESSAGES.timezoneDefault });
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
        comboboxProps={{ withinPortal: false }}
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

export function openTimezoneModal(title: string): void {
  const id = modals.open({ title, children: <TimezoneForm onDone={() => modals.close(id)} /> });
}
