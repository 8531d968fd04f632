import { Anchor, Badge, Box, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconBan,
  IconPencil,
  IconPower,
  IconRefresh,
  IconTerminal2,
  IconWorld,
  IconWorldWww,
  IconX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  hasPermission,
  type Device,
  type DeviceJobState,
  type PendingUpdate,
} from '@netfleet/contracts';
import { BrandedModel } from '@/components/brand';
import { useCurrentUser } from '@/lib/current-user';
import { deviceStatusLabel } from '@/lib/messages';
import { usePendingUpdate } from '../api/pending-update';
import { DEVICE_TEXTS as T } from '../texts';
import { DeviceAlertsButton } from './device-alerts-button';
import { useCancelUpdateAction } from './use-cancel-update';
import { useDeviceActions, type DeviceActions } from './use-device-actions';

const STATUS_COLORS: Record<number, string> = { 0: 'red', 1: 'green', 2: 'yellow' };

export function StatusDot({ status }: { status: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        w={10}
        h={10}
        bg={STATUS_COLORS[status] ?? 'gray'}
        style={{ borderRadius: '50%' }}
        aria-hidden
      />
      <Text size="sm">{deviceStatusLabel(status)}</Text>
    </Group>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}

const UPDATE_STATES: Partial<Record<DeviceJobState, string>> = T.updateStates;

/** 'RUT9_R_00.07.07.bin · Installing 40%'. */
function updateLabel(update: PendingUpdate): string {
  const state = UPDATE_STATES[update.status] ?? update.status;
  const { progress } = update;
  const percent =
    progress && progress.total > 0
      ? ` ${Math.round((progress.value / progress.total) * 100)}%`
      : '';
  return `${update.file_name ?? T.firmwareFile} · ${state}${percent}`;
}

/** An action that needs the device to have connected once; says why when it cannot run. */
function ReachableButton({
  actions,
  icon,
  onClick,
  label,
  ...style
}: {
  actions: DeviceActions;
  icon: ReactNode;
  onClick: () => void;
  label: string;
  color?: string;
  variant: 'default' | 'light';
}) {
  const hint = actions.reachable ? undefined : T.notEnrolled;
  return (
    <Tooltip label={hint} disabled={!hint}>
      <Button
        size="xs"
        {...style}
        leftSection={icon}
        disabled={!actions.reachable}
        onClick={onClick}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** Device actions 'web UI' and 'CLI' (manage_device_remote_access). */
function RemoteActions({ actions }: { actions: DeviceActions }) {
  return (
    <>
      <ReachableButton
        actions={actions}
        variant="default"
        icon={<IconWorldWww size={14} aria-hidden />}
        onClick={actions.webUi}
        label={T.webUi}
      />
      <ReachableButton
        actions={actions}
        variant="default"
        icon={<IconTerminal2 size={14} aria-hidden />}
        onClick={actions.cli}
        label={T.cli}
      />
    </>
  );
}

/** Dynamic DNS and site blocking, where the firmware has them (create_multi_configuration). */
function ServiceActions({ actions }: { actions: DeviceActions }) {
  return (
    <>
      {actions.dynamicDnsAllowed && (
        <ReachableButton
          actions={actions}
          variant="default"
          icon={<IconWorld size={14} aria-hidden />}
          onClick={actions.dynamicDns}
          label={T.dynamicDns}
        />
      )}
      {actions.siteBlockingAllowed && (
        <ReachableButton
          actions={actions}
          variant="default"
          icon={<IconBan size={14} aria-hidden />}
          onClick={actions.siteBlocking}
          label={T.siteBlocking}
        />
      )}
    </>
  );
}

/** Reboot, refresh data, cancel a pending update and edit (update_devices). */
function ManageActions({ device, update, actions }: ActionsProps & { actions: DeviceActions }) {
  const cancelUpdate = useCancelUpdateAction(device, update);
  return (
    <>
      <ReachableButton
        actions={actions}
        color="red"
        variant="light"
        icon={<IconPower size={14} aria-hidden />}
        onClick={actions.reboot}
        label={T.reboot}
      />
      <ReachableButton
        actions={actions}
        variant="default"
        icon={<IconRefresh size={14} aria-hidden />}
        onClick={actions.refresh}
        label={T.refresh}
      />
      {cancelUpdate && (
        <Button
          size="xs"
          color="orange"
          variant="light"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={cancelUpdate}
        >
          {T.cancelUpdate}
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={actions.edit}
      >
        {T.edit}
      </Button>
    </>
  );
}

interface ActionsProps {
  device: Device;
  update: PendingUpdate | null;
}

function Actions({ device, update }: ActionsProps) {
  const actions = useDeviceActions(device);
  const services = actions.dynamicDnsAllowed || actions.siteBlockingAllowed;
  if (!actions.allowed && !actions.remoteAllowed && !services) {
    return <DeviceAlertsButton device={device} />;
  }
  return (
    <Group gap="xs">
      <DeviceAlertsButton device={device} />
      {actions.remoteAllowed && <RemoteActions actions={actions} />}
      {services && <ServiceActions actions={actions} />}
      {actions.allowed && <ManageActions device={device} update={update} actions={actions} />}
    </Group>
  );
}

/** Name, live status, identity, company and tags of the device, with its actions. */
export function DeviceHeader({ device }: { device: Device }) {
  const { permissions } = useCurrentUser();
  const update = usePendingUpdate(device.id).data ?? null;
  const company = hasPermission(permissions, 'view_companies') ? (
    <Anchor component={Link} to={`/companies/${device.company_id}`} size="sm">
      {device.company_name}
    </Anchor>
  ) : (
    device.company_name
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2}>{device.name}</Title>
          {device.description && (
            <Text size="sm" c="dimmed">
              {device.description}
            </Text>
          )}
        </Stack>
        <Actions device={device} update={update} />
      </Group>
      <Group gap="xl" aria-label={T.deviceSummary} role="group">
        <Fact label={T.status}>
          <StatusDot status={device.status} />
        </Fact>
        <Fact label={T.model}>
          <BrandedModel model={device.model} series={device.series} withImage fallback={T.none} />
        </Fact>
        <Fact label={T.serial}>{device.serial}</Fact>
        <Fact label={T.firmware}>{device.firmware ?? T.none}</Fact>
        {update && <Fact label={T.firmwareUpdate}>{updateLabel(update)}</Fact>}
        <Fact label={T.company}>{company}</Fact>
        <Fact label={T.tags}>
          {device.tags.length === 0 ? (
            T.noTags
          ) : (
            <Group gap={4}>
              {device.tags.map((tag) => (
                <Badge key={tag.id} variant="light" color={tag.color ?? 'gray'}>
                  {tag.name}
                </Badge>
              ))}
            </Group>
          )}
        </Fact>
      </Group>
    </Stack>
  );
}
