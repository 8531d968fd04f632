import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ConnectSession } from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { FormErrorAlert } from '@/components/form-errors';
import type { CliProtocol } from '../api/connect';
import { remoteAccessKeys } from '../api/keys';
import { DEFAULT_DURATION, DURATION_OPTIONS } from '../model/durations';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { openSession } from './open-session';

const CLI_PROTOCOLS = [
  { value: 'ssh', label: T.ssh },
  { value: 'telnet', label: T.telnet },
];

export interface ConnectRequest {
  duration: number;
  protocol: CliProtocol;
}

interface ConnectFormProps {
  /** Creates the session; the form then opens it in a new tab. */
  start: (request: ConnectRequest) => Promise<ConnectSession>;
  /** CLI: SSH or Telnet, starting with this one. */
  protocol?: CliProtocol;
}

/**
 * How long the link stays valid (and, for the CLI, SSH or Telnet), then the session opens in a
 * new tab. Failures stay in the dialog: an offline device says so (DEVICE_OFFLINE).
 */
export function ConnectForm({ start, protocol: initialProtocol }: ConnectFormProps) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [duration, setDuration] = useState(String(DEFAULT_DURATION));
  const [protocol, setProtocol] = useState<CliProtocol>(initialProtocol ?? 'ssh');
  const protocolLabel = useId();
  const connect = useMutation({
    mutationFn: async (request: ConnectRequest) => openSession(await start(request)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: remoteAccessKeys.all });
      dialog?.close();
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        connect.mutate({ duration: Number(duration), protocol });
      }}
    >
      <Stack gap="md">
        <Select
          label={T.duration}
          data={DURATION_OPTIONS}
          value={duration}
          allowDeselect={false}
          onChange={(value) => value && setDuration(value)}
        />
        {initialProtocol && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={protocolLabel}>
              {T.cliProtocol}
            </Text>
            <SegmentedControl
              aria-labelledby={protocolLabel}
              data={CLI_PROTOCOLS}
              value={protocol}
              onChange={(value) => setProtocol(value === 'telnet' ? 'telnet' : 'ssh')}
            />
          </Stack>
        )}
        <FormErrorAlert messages={connect.error ? [connect.error.message] : []} />
        <Group justify="flex-end">
          {dialog && (
            <Button variant="default" onClick={dialog.close}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" loading={connect.isPending} data-autofocus>
            {T.open}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
