import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type DeviceAlert, userChannel } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { useChannel } from '@/lib/realtime';
import { useDeviceAlerts } from '../api/get-alerts';
import { deviceKeys } from '../api/keys';
import { ALERT_KIND_COLORS, formatAlertValue } from '../model/alerts';
import { automationPath } from '../paths';
import { DEVICE_TEXTS as T } from '../texts';
import type { DeviceTabProps } from './tab-props';

/** The rule that raised it (a link to it), or the device config's alert (its subtype). */
function AlertName({ alert }: { alert: DeviceAlert }) {
  if (alert.source === 'device') return alert.alert_subtype ?? alert.alert_type ?? T.none;
  if (alert.automation_id === null) return <Text c="dimmed">{T.deletedAutomation}</Text>;
  // Without a name the rule is another company's: its page would not open for this user.
  if (alert.automation_name === null) return T.automationNumber(alert.automation_id);
  return (
    <Anchor component={Link} to={automationPath(alert.automation_id)} size="sm">
      {alert.automation_name}
    </Anchor>
  );
}

function Values({ alert }: { alert: DeviceAlert }) {
  return (
    <Stack gap={0}>
      {alert.evaluated_parameters.map((parameter) => (
        <Text key={parameter.key} size="sm" ff="monospace">
          {formatAlertValue(parameter)}
        </Text>
      ))}
    </Stack>
  );
}

const COLUMNS: DataTableColumn<DeviceAlert>[] = [
  { key: 'created_at', header: T.time, render: (alert) => formatDateTime(alert.created_at) },
  { key: 'source', header: T.source, render: (alert) => T.alertSources[alert.source] },
  { key: 'name', header: T.alertName, render: (alert) => <AlertName alert={alert} /> },
  {
    key: 'kind',
    header: T.event,
    render: (alert) => (
      // Whole words: a narrow column squeezed "Resolved" to "RESO…".
      <Badge
        variant="light"
        color={ALERT_KIND_COLORS[alert.kind]}
        style={{ minWidth: 'max-content' }}
      >
        {T.alertKinds[alert.kind]}
      </Badge>
    ),
  },
  { key: 'message', header: T.message },
  { key: 'evaluated_parameters', header: T.values, render: (alert) => <Values alert={alert} /> },
];

/**
 * The device's alert history, both sources in one list (device-side configs and automations),
 * newest first, paged by the server. A `deviceAlert` notification may be about this device:
 * the history is refetched at once rather than at the next poll.
 */
export function AlertsTab({ device }: DeviceTabProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const state = useTableQueryState();
  const result = useDeviceAlerts(device.id, state.query);
  useChannel(userChannel(user.id), {
    WebNotificationCreated: ({ notification }) => {
      if (notification.type === 'deviceAlert')
        void queryClient.invalidateQueries({ queryKey: deviceKeys.alertsOf(device.id) });
    },
  });

  return (
    <DataTable
      label={T.alertHistory}
      columns={COLUMNS}
      state={state}
      result={result}
      emptyMessage={T.noAlerts}
      searchable={false}
    />
  );
}
