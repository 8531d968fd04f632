import { ActionIcon, Button, Group, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ConfigFile } from '@netfleet/contracts';
import { confirmDialog, type DialogOptions } from '@/components/dialogs';
import { useConfigure, type ServiceRequest } from '../api/configure';
import { useDeviceConfig } from '../api/get-device-config';
import { deviceServicesKeys } from '../api/keys';
import {
  DDNS_CONFIG,
  DDNS_FIELDS,
  NEW_SERVICE,
  removeRequest,
  servicesOf,
  toggleRequest,
  type DdnsService,
} from '../model/ddns';
import { problemsOf } from '../model/problems';
import { SERVICES_TEXTS as T } from '../texts';
import { ConfigState, ProblemAlert } from './config-state';
import { ConfigureProgress } from './configure-progress';
import { DdnsServiceForm } from './ddns-service-form';
import type { ServicesDevice } from './types';

type View =
  | { kind: 'list' }
  | { kind: 'edit'; service: DdnsService }
  | { kind: 'progress'; actionName: string };

function ServiceTable({
  services,
  busy,
  onSend,
  onEdit,
}: {
  services: readonly DdnsService[];
  busy: boolean;
  onSend: (request: ServiceRequest) => void;
  onEdit: (service: DdnsService) => void;
}) {
  if (services.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {T.noServices}
      </Text>
    );
  }
  const remove = async (service: DdnsService & { section: string }) => {
    const confirmed = await confirmDialog({
      title: T.removeTitle,
      message: T.removeConfirm(service.domain || service.section),
      confirmText: T.remove,
      danger: true,
    });
    if (confirmed) onSend(removeRequest(service.section));
  };
  return (
    <Table aria-label={T.ddnsServices} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.domain}</Table.Th>
          <Table.Th>{T.provider}</Table.Th>
          <Table.Th>{T.status}</Table.Th>
          <Table.Th>{T.actions}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {services.map((service) => {
          const section = service.section ?? '';
          const name = service.domain || section;
          return (
            <Table.Tr key={section}>
              <Table.Td>{name}</Table.Td>
              <Table.Td>
                {service.service_name === 'custom' ? T.customProvider : service.service_name}
              </Table.Td>
              <Table.Td>
                <Switch
                  size="sm"
                  aria-label={T.enable(name)}
                  label={service.enabled ? T.enabled : T.disabled}
                  checked={service.enabled}
                  disabled={busy}
                  onChange={(event) => onSend(toggleRequest(section, event.currentTarget.checked))}
                />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={T.edit}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={T.editService(name)}
                      disabled={busy}
                      onClick={() => onEdit(service)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={T.remove}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={T.removeService(name)}
                      disabled={busy}
                      onClick={() => void remove({ ...service, section })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The device's Dynamic DNS services, read from the device: add, change, switch on or off or
 * remove one; each change is a configure action whose progress replaces the list until done.
 */
export function DynamicDns({ device }: { device: ServicesDevice }) {
  const config = useDeviceConfig(device.id, DDNS_CONFIG);
  const [view, setView] = useState<View>({ kind: 'list' });
  const configure = useConfigure(device.id, (actionName) =>
    setView({ kind: 'progress', actionName }),
  );
  // In the form a refused value goes under its field; the list has no fields.
  const fields = view.kind === 'edit' ? DDNS_FIELDS : [];
  const problems = configure.error ? problemsOf(configure.error, fields) : null;
  const send = (request: ServiceRequest) => configure.mutate([request]);

  if (view.kind === 'progress') {
    return (
      <ConfigureProgress
        actionName={view.actionName}
        deviceName={device.name}
        refresh={deviceServicesKeys.config(device.id, DDNS_CONFIG)}
        onBack={() => {
          configure.reset();
          setView({ kind: 'list' });
        }}
      />
    );
  }
  return (
    <ConfigState query={config}>
      {(file: ConfigFile) =>
        view.kind === 'edit' ? (
          <DdnsServiceForm
            initial={view.service}
            file={file}
            sending={configure.isPending}
            problems={problems}
            onSend={send}
            onCancel={() => {
              configure.reset();
              setView({ kind: 'list' });
            }}
          />
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {T.ddnsIntro}
            </Text>
            <ServiceTable
              services={servicesOf(file)}
              busy={configure.isPending}
              onSend={send}
              onEdit={(service) => {
                configure.reset();
                setView({ kind: 'edit', service });
              }}
            />
            <ProblemAlert messages={problems?.messages ?? []} />
            <Group justify="space-between">
              <Button
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => {
                  configure.reset();
                  setView({ kind: 'edit', service: NEW_SERVICE });
                }}
              >
                {T.addService}
              </Button>
            </Group>
          </Stack>
        )
      }
    </ConfigState>
  );
}

/** Spec device action 'Dynamic DNS' (has_ddns, create_multi_configuration). */
export function dynamicDnsDialog(device: ServicesDevice): DialogOptions {
  return {
    id: 'device-actions.dynamic-dns',
    title: T.ddnsTitle,
    subtitle: device.name,
    size: 'lg',
    main: true,
    content: <DynamicDns device={device} />,
  };
}
