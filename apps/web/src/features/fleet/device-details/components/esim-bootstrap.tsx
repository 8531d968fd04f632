// RMS's eSIM bootstrap check in the network tab's eSIM section: the device says whether its eUICC
// still holds the bootstrap (provisioning) profile it shipped with, whether that is in use, and
// whether an operator profile is installed. The answer arrives on a status channel.
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ERROR_CODES, ESIM_MESSAGES, type EsimBootstrapStatus } from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';
import {
  useCheckEsimBootstrap,
  useEsimBootstrapOutcome,
  type BootstrapOutcome,
} from '../api/esim-bootstrap';
import { DEVICE_TEXTS as T } from '../texts';
import { KeyValueTable } from './key-value-table';

type KnownProblem = keyof typeof T.esimBootstrapProblems;
const KNOWN = Object.keys(T.esimBootstrapProblems) as KnownProblem[];

/** The server's and the simulator's English reasons in the shown language; a device's own as is. */
export function bootstrapProblem(message: string): string {
  const known = KNOWN.find((key) => ESIM_MESSAGES[key] === message);
  return known ? T.esimBootstrapProblems[known] : message;
}

/** Why the check could not start: offline and no-eSIM answers in the shown language. */
function requestProblem(error: Error): string {
  if (isApiError(error) && error.code === ERROR_CODES.DEVICE_OFFLINE) {
    return T.esimBootstrapProblems.bootstrapOffline;
  }
  return bootstrapProblem(error.message);
}

function BootstrapTable({ status }: { status: EsimBootstrapStatus }) {
  const { bootstrap } = status;
  const rows: [string, ReactNode][] = bootstrap
    ? [
        [T.iccid, <Text ff="monospace">{bootstrap.iccid}</Text>],
        [T.esimProvider, bootstrap.provider ?? ''],
        [
          T.state,
          <Badge variant="light" color={bootstrap.enabled ? 'green' : 'gray'}>
            {bootstrap.enabled ? T.esimBootstrapInUse : T.esimBootstrapStandby}
          </Badge>,
        ],
      ]
    : [[T.esimBootstrap, T.esimBootstrapNone]];
  rows.push([
    T.esimOperationalProfile,
    status.operational_profile ? T.esimOperationalInstalled : T.esimOperationalNone,
  ]);
  return <KeyValueTable label={T.esimBootstrap} rows={rows} />;
}

function Outcome({ outcome }: { outcome: BootstrapOutcome }) {
  if (outcome.state === 'waiting') {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text c="dimmed">{T.esimBootstrapAsking}</Text>
      </Group>
    );
  }
  if (outcome.state === 'failed') {
    return (
      <Alert color="red" title={T.esimBootstrapFailed} maw={720}>
        {bootstrapProblem(outcome.message)}
      </Alert>
    );
  }
  return <BootstrapTable status={outcome.status} />;
}

/** The channel of the latest check, followed until the device answered. */
function Followed({ channel, deviceId }: { channel: string; deviceId: number }) {
  const { outcome, error } = useEsimBootstrapOutcome(channel, deviceId);
  if (error) return <Alert color="red" title={T.esimBootstrapFailed} maw={720} />;
  return <Outcome outcome={outcome} />;
}

/** The 'Check bootstrap profile' action and what the device answered. */
export function EsimBootstrapCheck({ deviceId }: { deviceId: number }) {
  const [channel, setChannel] = useState<string | null>(null);
  const check = useCheckEsimBootstrap(deviceId);
  const start = () => {
    setChannel(null);
    check.mutate(undefined, { onSuccess: setChannel });
  };
  return (
    <Stack gap="xs" maw={720}>
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconSearch size={14} aria-hidden />}
          loading={check.isPending}
          onClick={start}
        >
          {T.esimBootstrapCheck}
        </Button>
      </Group>
      {check.error && (
        <Alert color="red" title={T.esimBootstrapFailed}>
          {requestProblem(check.error)}
        </Alert>
      )}
      {channel && <Followed key={channel} channel={channel} deviceId={deviceId} />}
    </Stack>
  );
}
