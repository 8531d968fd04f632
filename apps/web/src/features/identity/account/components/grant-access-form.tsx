import { Button, Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { IMPERSONATION_ACCESS_MAX_DAYS, impersonationAccessBodySchema } from '@netfleet/contracts';
import { FormErrorAlert, splitServerErrors } from '@/components/form-errors';
import { formatDateTime } from '@/components/data-table';
import { useGrantImpersonationAccess } from '../api/grant-impersonation-access';
import { ACCOUNT_TEXTS } from '../texts';
import { accessUntil, dateInputRange, type AccessChoice } from './access-period';

const CHOICES: { value: AccessChoice; label: string }[] = [
  { value: '1', label: ACCOUNT_TEXTS.oneDay },
  { value: '7', label: ACCOUNT_TEXTS.sevenDays },
  { value: '30', label: ACCOUNT_TEXTS.thirtyDays },
  { value: 'date', label: ACCOUNT_TEXTS.customDate },
];

const isChoice = (value: string): value is AccessChoice =>
  CHOICES.some((choice) => choice.value === value);

export function GrantAccessForm({ active }: { active: boolean }) {
  const grant = useGrantImpersonationAccess();
  const [choice, setChoice] = useState<AccessChoice>('7');
  const [date, setDate] = useState('');
  const [dateError, setDateError] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const range = dateInputRange(new Date());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (grant.isPending) return;
    setErrors([]);
    setDateError(null);
    const until = accessUntil(choice, date, new Date());
    const body = impersonationAccessBodySchema.safeParse({ until });
    if (!body.success) {
      setDateError(
        date
          ? ACCOUNT_TEXTS.dateOutOfRange(IMPERSONATION_ACCESS_MAX_DAYS)
          : ACCOUNT_TEXTS.chooseDate,
      );
      return;
    }
    grant.mutate(body.data, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: ACCOUNT_TEXTS.granted(formatDateTime(body.data.until)),
        }),
      onError: (error) => {
        const split = splitServerErrors(error, ['until']);
        const untilMessage = split.fields.until;
        // The date field only exists for a custom date; otherwise its message joins the others.
        if (untilMessage && choice === 'date') setDateError(untilMessage);
        const others =
          untilMessage && choice !== 'date' ? [untilMessage, ...split.others] : split.others;
        setErrors(others.length > 0 ? others : [ACCOUNT_TEXTS.grantFailed]);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={ACCOUNT_TEXTS.grantPeriod}
          data={CHOICES}
          value={choice}
          onChange={(value) => {
            if (isChoice(value)) setChoice(value);
          }}
          w="fit-content"
        />
        {choice === 'date' && (
          <TextInput
            type="date"
            label={ACCOUNT_TEXTS.untilDate}
            value={date}
            min={range.min}
            max={range.max}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={dateError}
            maw={240}
          />
        )}
        <Group>
          <Button type="submit" loading={grant.isPending}>
            {active ? ACCOUNT_TEXTS.extend : ACCOUNT_TEXTS.grant}
          </Button>
        </Group>
        <FormErrorAlert messages={errors} />
      </Stack>
    </form>
  );
}
