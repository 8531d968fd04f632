import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { hasPermission, type AlertConfigListItem } from '@netfleet/contracts';
import type { DialogOptions } from '@/components/dialogs';
import { useCurrentUser } from '@/lib/current-user';
import { alertName } from '../model/catalogue';
import type { DeviceRef } from '../model/device-ref';
import { DEVICE_ALERTS_TEXTS as T } from '../texts';
import { AddAlertForm } from './add-alert-form';
import { ConfigList } from './config-list';
import { EditAlertForm } from './edit-alert-form';

type View = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; config: AlertConfigListItem };

export interface DeviceAlertsDialogProps {
  /** One device (the device page) or the devices list's selection. */
  devices: readonly DeviceRef[];
}

/** Which of several devices' alerts the list shows; a new alert goes to all of them. */
function DevicePicker({
  devices,
  value,
  onChange,
}: {
  devices: readonly DeviceRef[];
  value: number;
  onChange: (id: number) => void;
}) {
  return (
    <Select
      label={T.device}
      description={T.deviceHint}
      data={devices.map((device) => ({ value: String(device.id), label: device.name }))}
      value={String(value)}
      allowDeselect={false}
      searchable
      onChange={(next) => next && onChange(Number(next))}
    />
  );
}

/**
 * Spec dialog 'alerts (device alerts)': the alert configurations the device evaluates itself,
 * with add (to every device of the dialog), edit and remove for manage_device_alert_configurations.
 * Each change sends the device its whole set; the live 'Action status' follows that job.
 */
export function DeviceAlertsDialog({
  devices,
  start = 'list',
}: DeviceAlertsDialogProps & { start?: 'list' | 'add' }) {
  const { permissions } = useCurrentUser();
  const canManage = hasPermission(permissions, 'manage_device_alert_configurations');
  const [shownId, setShownId] = useState(devices[0]?.id ?? 0);
  const [view, setView] = useState<View>({ kind: canManage ? start : 'list' });
  const device = devices.find((candidate) => candidate.id === shownId) ?? devices[0];
  if (!device) return null;
  const toList = () => setView({ kind: 'list' });

  if (view.kind === 'add') {
    return (
      <Stack gap="sm">
        <Text fw={500}>{T.addTitle}</Text>
        <AddAlertForm devices={devices} onDone={toList} onCancel={toList} />
      </Stack>
    );
  }
  if (view.kind === 'edit') {
    const title = T.editTitle(alertName(view.config));
    return (
      <Stack gap="sm">
        <Text fw={500}>{title}</Text>
        <EditAlertForm id={view.config.id} device={device} title={title} onDone={toList} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {devices.length > 1 && (
        <DevicePicker devices={devices} value={device.id} onChange={setShownId} />
      )}
      <ConfigList
        device={device}
        canManage={canManage}
        onAdd={() => setView({ kind: 'add' })}
        onEdit={(config) => setView({ kind: 'edit', config })}
      />
    </Stack>
  );
}

const subtitle = (devices: readonly DeviceRef[]) =>
  T.subtitle(devices.map((device) => device.name));

/**
 * The dialog as the main one; the app layer registers it as 'alerts.device-alerts', which the
 * device page and the devices list open.
 */
export function deviceAlertsDialog(props: DeviceAlertsDialogProps): DialogOptions {
  return {
    id: 'alerts.device-alerts',
    title: T.title,
    subtitle: subtitle(props.devices),
    size: 'lg',
    main: true,
    content: <DeviceAlertsDialog devices={props.devices} />,
  };
}

/** Spec dialog 'alerts (create)': the same dialog opened on its add form. */
export function createAlertDialog(props: DeviceAlertsDialogProps): DialogOptions {
  return {
    id: 'alerts.create',
    title: T.createTitle,
    subtitle: subtitle(props.devices),
    size: 'lg',
    main: true,
    content: <DeviceAlertsDialog devices={props.devices} start="add" />,
  };
}
