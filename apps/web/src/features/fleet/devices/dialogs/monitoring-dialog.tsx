import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MONITORING } from '@netfleet/contracts';
import type { DeviceRef } from '../api/bulk-outcome';
import { setMonitoring, type MonitoringChange } from '../api/device-actions';
import { RemoteSelect } from '../components/remote-select';
import { DEVICE_TEXTS } from '../texts';
import { BulkForm } from './bulk-form';
import { MonitoringPeriodInput, type PeriodChoice } from './monitoring-period-input';
import { useBulkSubmit } from './use-bulk-submit';

type Choices = Record<string, PeriodChoice>;

const KEEP_ALL: Choices = Object.fromEntries(
  MONITORING.map((entry) => [entry.field, { mode: 'keep' }]),
);

/** The request's periods, or the error of each period outside the allowed range. */
export function toMonitoringChange(
  templateId: string | null,
  choices: Choices,
): { change: MonitoringChange } | { errors: Record<string, string>; message?: string } {
  const periods: Record<string, number> = {};
  const errors: Record<string, string> = {};
  for (const entry of MONITORING) {
    const choice = choices[entry.field];
    if (!choice || choice.mode === 'keep') continue;
    if (choice.mode === 'off') {
      periods[entry.field] = 0;
      continue;
    }
    const { seconds } = choice;
    if (seconds === '' || seconds < entry.min || seconds > entry.max) {
      errors[entry.field] = DEVICE_TEXTS.periodRange(entry.min, entry.max);
    } else periods[entry.field] = seconds;
  }
  if (Object.keys(errors).length > 0) return { errors };
  if (!templateId && Object.keys(periods).length === 0) {
    return { errors, message: DEVICE_TEXTS.nothingToChange };
  }
  return {
    change: { ...(templateId ? { template_id: Number(templateId) } : {}), periods },
  };
}

/** PUT /devices/monitoring: a template's periods and/or per-parameter periods (60 s – 1 year, or off). */
export function MonitoringDialog({ devices }: { devices: readonly DeviceRef[] }) {
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [choices, setChoices] = useState<Choices>(KEEP_ALL);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const { pending, error, submit } = useBulkSubmit(DEVICE_TEXTS.done.monitoring);
  return (
    <BulkForm
      pending={pending}
      error={message ?? error}
      onSubmit={() => {
        const result = toMonitoringChange(templateId, choices);
        if ('errors' in result) {
          setErrors(result.errors);
          setMessage(result.message ?? null);
          return;
        }
        setErrors({});
        setMessage(null);
        void submit(() => setMonitoring(devices, result.change));
      }}
    >
      <Text size="sm">{DEVICE_TEXTS.selected(devices.length)}</Text>
      <RemoteSelect
        source={{ endpoint: '/monitoring-templates' }}
        label={DEVICE_TEXTS.monitoringTemplate}
        placeholder={DEVICE_TEXTS.noTemplate}
        value={templateId}
        onChange={setTemplateId}
        clearable
      />
      <Stack gap="xs">
        {MONITORING.map((entry) => (
          <MonitoringPeriodInput
            key={entry.field}
            entry={entry}
            value={choices[entry.field] ?? { mode: 'keep' }}
            error={errors[entry.field]}
            onChange={(value) => setChoices((current) => ({ ...current, [entry.field]: value }))}
          />
        ))}
      </Stack>
    </BulkForm>
  );
}
