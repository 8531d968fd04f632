import { Group, Stack, Switch, Text } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { parseApiDate } from '@netfleet/contracts';
import {
  newRecurrence,
  repeatPeriodEnd,
  userTimeZone,
  type SilenceFormInput,
} from '../model/silence-form';
import { SILENCES_TEXTS as T } from '../silence-texts';
import { ApiDateInput } from './api-date-input';
import { SilenceRecurrenceFields } from './silence-recurrence-fields';

/** When the silence holds: one period, or windows on a schedule within it. */
export function SilenceWindowFields({ isNew }: { isNew: boolean }) {
  const { control, getValues, getFieldState, setValue } = useFormContext<SilenceFormInput>();
  // Whether it repeats, not the schedule: typing in the schedule must not re-render the window.
  const repeats = useWatch({ control, name: 'recurrence', compute: (value) => Boolean(value) });

  const toggleRepeat = (repeat: boolean) => {
    setValue('recurrence', repeat ? newRecurrence() : null, { shouldDirty: true });
    // A new silence's hour (the default) would hold no window: give it a month, unless the user
    // chose its end. A saved silence's end was chosen.
    const startsAt = parseApiDate(getValues('starts_at'));
    if (repeat && isNew && !getFieldState('ends_at').isDirty && !Number.isNaN(startsAt))
      setValue('ends_at', repeatPeriodEnd(startsAt));
  };

  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <ApiDateInput name="starts_at" label={T.startsAt} />
        <ApiDateInput name="ends_at" label={T.endsAt} />
      </Group>
      <Text size="xs" c="dimmed">
        {T.timeZone(userTimeZone())}
      </Text>
      <Switch
        label={T.repeat}
        description={T.repeatHint}
        checked={repeats}
        onChange={(event) => toggleRepeat(event.currentTarget.checked)}
      />
      {repeats && <SilenceRecurrenceFields />}
    </Stack>
  );
}
