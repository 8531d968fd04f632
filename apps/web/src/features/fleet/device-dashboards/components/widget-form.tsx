import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  DEVICE_DASHBOARD_KIND_CAPABILITIES,
  DEVICE_DASHBOARD_METRICS,
  DEVICE_DASHBOARD_WIDGET_KINDS,
  DEVICE_DASHBOARD_WIDGET_TITLE_MAX_LENGTH,
  type Device,
  type DeviceDashboardIoPin,
  type DeviceDashboardMetric,
  type DeviceDashboardWidgetInput,
  type DeviceDashboardWidgetKind,
  hasPermission,
} from '@netfleet/contracts';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { useDialog } from '@/components/dialogs';
import { FormErrorAlert } from '@/components/form-errors';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { DASHBOARD_TEXTS as T } from '../texts';
import { ImageField, PinField } from './widget-fields';

/**
 * The kinds this device can show (IO and GPS need the hardware) and this user can place (images:
 * the user must see the company's images to choose one).
 */
function useKindOptions(device: Device) {
  const { permissions } = useCurrentUser();
  return DEVICE_DASHBOARD_WIDGET_KINDS.filter((kind) => {
    if (kind === 'io' || kind === 'gps') return device[DEVICE_DASHBOARD_KIND_CAPABILITIES[kind]];
    if (kind === 'image') return hasPermission(permissions, 'view_images');
    return true;
  }).map((value) => ({ value, label: T.kinds[value] }));
}
const METRIC_OPTIONS = DEVICE_DASHBOARD_METRICS.map((value) => ({
  value,
  label: T.metrics[value],
}));

const isKind = (value: string | null): value is DeviceDashboardWidgetKind =>
  (DEVICE_DASHBOARD_WIDGET_KINDS as readonly (string | null)[]).includes(value);
const isMetric = (value: string | null): value is DeviceDashboardMetric =>
  (DEVICE_DASHBOARD_METRICS as readonly (string | null)[]).includes(value);

/** The widget the form's choices make. */
function widgetOf(
  kind: DeviceDashboardWidgetKind,
  choices: {
    metric: DeviceDashboardMetric;
    pin: DeviceDashboardIoPin | null;
    track: boolean;
    imageId: number | null;
  },
  title: string,
): DeviceDashboardWidgetInput | null {
  switch (kind) {
    case 'chart':
    case 'value':
      return { kind, metric: choices.metric, title };
    case 'facts':
      return { kind, title };
    case 'io':
      return { kind, pin: choices.pin, title };
    case 'gps':
      return { kind, track: choices.track, title };
    case 'image':
      return choices.imageId === null ? null : { kind, image_id: choices.imageId, title };
  }
}

/** A new widget: what it is, what it shows and, optionally, its own title. */
export function WidgetForm({
  device,
  add,
}: {
  device: Device;
  add: (widget: DeviceDashboardWidgetInput) => Promise<void>;
}) {
  const dialog = useDialog();
  const guard = useSubmitGuard();
  const kindOptions = useKindOptions(device);
  const [kind, setKind] = useState<DeviceDashboardWidgetKind>('chart');
  const [metric, setMetric] = useState<DeviceDashboardMetric>('signal');
  const [pin, setPin] = useState<DeviceDashboardIoPin | null>(null);
  const [track, setTrack] = useState(false);
  const [imageId, setImageId] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const widget = widgetOf(kind, { metric, pin, track, imageId }, title.trim());
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = guard(async () => {
    setErrors([]);
    if (!widget) {
      setErrors([T.image.required]);
      return;
    }
    setPending(true);
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
          data={kindOptions}
          allowDeselect={false}
          value={kind}
          onChange={(value) => isKind(value) && setKind(value)}
          data-autofocus
        />
        {(kind === 'chart' || kind === 'value') && (
          <Select
            label={T.metric}
            data={METRIC_OPTIONS}
            allowDeselect={false}
            value={metric}
            onChange={(value) => isMetric(value) && setMetric(value)}
          />
        )}
        {kind === 'io' && <PinField deviceId={device.id} value={pin} onChange={setPin} />}
        {kind === 'gps' && (
          <Checkbox
            label={T.gps.track}
            checked={track}
            onChange={(event) => setTrack(event.currentTarget.checked)}
          />
        )}
        {kind === 'image' && (
          <ImageField companyId={device.company_id} value={imageId} onChange={setImageId} />
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
