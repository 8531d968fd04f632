import { Alert, Button, Code, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isSecretOption, type ConfigValue } from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { JOB_STATE_LABELS, JobStateBadge } from '@/components/job-state-badge';
import { isOpenState, useActionDevice } from '../api/get-action-device';
import { SERVICES_TEXTS as T } from '../texts';

// A DDNS password or token is the user's secret: the change list says it changed, not what to.
const MASK = '••••••';

const shown = (value: ConfigValue | null, option: string): string => {
  if (value === null) return T.removedValue;
  if (isSecretOption(option)) return MASK;
  return Array.isArray(value) ? value.join(', ') : value;
};

/**
 * How the device takes a configure action, as the device configuration page shows an action's
 * device: its state, live until it is done, then what changed option by option, or why not.
 * When the device completes it, `refresh` (the config read from the device) is read again.
 */
export function ConfigureProgress({
  actionName,
  deviceName,
  refresh,
  onBack,
}: {
  actionName: string;
  deviceName: string;
  refresh: QueryKey;
  onBack: () => void;
}) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const { data: device } = useActionDevice(actionName);
  const status = device?.status ?? 'queued';
  const open = isOpenState(status);
  // Once: the config is read again (a read of its own), and `refresh` is a new array each render.
  const refreshed = useRef(false);
  useEffect(() => {
    if (status !== 'completed' || refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: refresh });
  }, [status, queryClient, refresh]);

  return (
    <Stack gap="md" aria-live="polite">
      <Group gap="sm">
        {open && <Loader size="xs" />}
        <Text size="sm">{open ? T.applying : T.sentTo(deviceName)}</Text>
        <JobStateBadge state={status} />
      </Group>
      {device && !open && status !== 'completed' && (
        <Alert color="red" variant="light">
          {device.message ?? JOB_STATE_LABELS[status]}
        </Alert>
      )}
      {device?.status === 'completed' &&
        (device.changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.noChanges}
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {T.changesTitle}
            </Text>
            <List size="sm">
              {device.changes.map((change) => (
                <List.Item key={`${change.path}/${change.option}`}>
                  <Code>{`${change.path} ${change.option}`}</Code>{' '}
                  {`${shown(change.before, change.option)} → ${shown(change.after, change.option)}`}
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={open}>
          {T.back}
        </Button>
        {dialog && <Button onClick={dialog.close}>{T.close}</Button>}
      </Group>
    </Stack>
  );
}
