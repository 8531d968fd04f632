import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { VPN_TEXTS as T } from '../texts';
import { AddCustomClientForm } from './add-custom-client-form';
import { AddDeviceClientsForm } from './add-device-clients-form';
import { AddUserClientsForm } from './add-user-clients-form';

type Kind = 'devices' | 'users' | 'custom';
const KINDS: { value: Kind; label: string }[] = [
  { value: 'devices', label: T.devices },
  { value: 'users', label: T.users },
  { value: 'custom', label: T.customUser },
];

export interface AddClientsTarget {
  hubId: number;
  /** Quick hubs take users only: their one device is the endpoint. */
  usersOnly?: boolean;
}

function AddClients({ hubId, usersOnly = false }: AddClientsTarget) {
  const kinds = usersOnly ? KINDS.filter((kind) => kind.value !== 'devices') : KINDS;
  const [kind, setKind] = useState<Kind>(kinds[0]?.value ?? 'users');
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={T.type}
        data={kinds}
        value={kind}
        onChange={(next) => setKind(kinds.find((option) => option.value === next)?.value ?? kind)}
      />
      {kind === 'devices' && <AddDeviceClientsForm hubId={hubId} />}
      {kind === 'users' && <AddUserClientsForm hubId={hubId} />}
      {kind === 'custom' && <AddCustomClientForm hubId={hubId} />}
    </Stack>
  );
}

/** Spec dialog 'VPN (add clients)': devices, console users or a custom user join the hub. */
export function addClientsDialog(target: AddClientsTarget): DialogOptions {
  return {
    id: 'vpn.add-clients',
    title: T.addClientsTitle,
    size: 'md',
    main: true,
    content: <AddClients {...target} />,
  };
}

export const openAddClients = (target: AddClientsTarget) => dialogs.open(addClientsDialog(target));
