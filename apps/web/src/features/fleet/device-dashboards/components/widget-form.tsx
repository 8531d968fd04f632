import { Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  DEVICE_DASHBOARD_METRICS,
  DEVICE_DASHBOARD_WIDGET_KINDS,
  DEVICE_DASHBOARD_WIDGET_TITLE_MAX_LENGTH,
  type DeviceDashboardMetric,
  type DeviceDashboardWidgetInput,
  type DeviceDashboardWidgetKind,
} from '@netfleet/contracts';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { useDialog } from '@/components/dialogs';
import { FormErrorAlert } from '@/components/form-errors';
import { isApiError } from '@/lib/api-client';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { DASHBOARD_TEXTS as T } from '../texts';

const KIND_OPTIONS = DEVICE_DASHBOARD_WIDGET_KINDS.map((value) => ({
  value,
  label: T.kinds[value],
}));
const METRIC_OPTIONS = DEVICE_DASHBOARD_METRICS.map((value) => ({
  value,
  label: T.metrics[value],
}));

const isKind = (value: string | null): value is DeviceDashboardWidgetKind =>
  (DEVICE_DASHBOARD_WIDGET_KINDS as readonly (string | null)[]).includes(value);
const isMetric = (value: string | null): value is DeviceDashboardMetric =>
  (DEVICE_DASHBOARD_METRICS as readonly (string | null)[]).includes(value);

/** A new widget: what it is, what it shows and, optionally, its own title. */
export function WidgetForm({
  add,
}: {
  add: (widget: DeviceDashboardWidgetInput) => Promise<void>;
}) {
  const dialog = useDialog();
  const guard = useSubmitGuard();
  const [kind, setKind] = useState<DeviceDashboardWidgetKind>('chart');
  const [metric, setMetric] = useState<DeviceDashboardMetric>('signal');
  const [title, setTitle] = useState('');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = guard(async () => {
    setErrors([]);
    setPending(true);
    const trimmed = title.trim();
    const widget: DeviceDashboardWidgetInput =
      kind === 'facts' ? { kind, title: trimmed } : { kind, metric, title: trimmed };
    try {
      await add(widget);
      dialog?.close();
    } catch (error) {
      setErrors([isApiError(error) ? error.message : T.saveFailed]);
    } finally {
      setPending(false);
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form noValidate aria-label={T.addWidgetTitle} onSubmit={onSubmit}>
      <Stack gap="md">
        <Select
          label={T.widgetKind}
          data={KIND_OPTIONS}
          allowDeselect={false}
          value={kind}
          onChange={(value) => isKind(value) && setKind(value)}
          data-autofocus
        />
        {kind !== 'facts' && (
          <Select
            label={T.metric}
            data={METRIC_OPTIONS}
            allowDeselect={false}
            value={metric}
            onChange={(value) => isMetric(value) && setMetric(value)}
          />
        )}
        <TextInput
          label={T.widgetTitle}
          description={T.widgetTitleHint}
          maxLength={DEVICE_DASHBOARD_WIDGET_TITLE_MAX_LENGTH}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <FormErrorAlert messages={errors} />
        <DialogFormFooter submitLabel={T.add} pending={pending} onCancel={() => dialog?.close()} />
      </Stack>
    </form>
  );
}
