// The eSIM of a has_esim device (spec: device tab "network and esim", dialog "eSIM configuration"):
// the profiles its last static reading lists, and the changes (add from an activation code,
// enable, disable, delete) as device jobs followed in 'Action status'.
import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconCircleCheck,
  IconCircleOff,
  IconInfoCircle,
  IconRefresh,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  activationCodeIssue,
  needsConfirmationCode,
  staticTelemetrySchema,
  type Device,
  type EsimProfileArgs,
  type EsimProfileReading,
} from '@netfleet/contracts';
import { RowMenu, type RowMenuItem } from '@/components/data-table';
import { confirmDialog, dialogs, type DialogOptions } from '@/components/dialogs';
import { FormErrorAlert, useServerSubmit } from '@/components/form-errors';
import { useChangeEsimProfile, useEsimReload } from '../api/esim-profiles';
import { useInformationHistory } from '../api/get-information';
import { deviceKeys } from '../api/keys';
import type { InformationHistory } from '../model/readings';
import { DEVICE_TEXTS as T } from '../texts';
import { EsimBootstrapCheck } from './esim-bootstrap';
import { LoadError, Loading } from './states';

type EsimDevice = Pick<Device, 'id' | 'name'>;

/** The profiles of the device's latest static reading; undefined when it reported none. */
export function esimProfilesOf(history: InformationHistory): EsimProfileReading[] | undefined {
  const parsed = staticTelemetrySchema.safeParse(history.static?.data);
  return parsed.success ? parsed.data.esim_profiles : undefined;
}

function ProfilesTable({
  profiles,
  actions,
}: {
  profiles: readonly EsimProfileReading[];
  actions?: (profile: EsimProfileReading) => ReactNode;
}) {
  return (
    <Table striped withTableBorder maw={actions ? undefined : 720} aria-label={T.esimProfiles}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.iccid}</Table.Th>
          <Table.Th>{T.esimProfile}</Table.Th>
          <Table.Th>{T.operator}</Table.Th>
          <Table.Th>{T.state}</Table.Th>
          {actions && <Table.Th w={60}>{T.esimActions}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {profiles.map((profile) => (
          <Table.Tr key={profile.iccid}>
            <Table.Td ff="monospace">{profile.iccid}</Table.Td>
            <Table.Td>{profile.name ?? ''}</Table.Td>
            <Table.Td>{profile.operator ?? ''}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={profile.state === 'enabled' ? 'green' : 'gray'}>
                {profile.state === 'enabled' ? T.enabled : T.disabled}
              </Badge>
            </Table.Td>
            {actions && <Table.Td>{actions(profile)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the device reports, or why there is nothing to list. */
function Profiles(props: {
  profiles: readonly EsimProfileReading[] | undefined;
  actions?: (profile: EsimProfileReading) => ReactNode;
}) {
  if (props.profiles === undefined) return <Text c="dimmed">{T.esimNotReported}</Text>;
  if (props.profiles.length === 0) return <Text c="dimmed">{T.esimNoProfiles}</Text>;
  return (
    <ProfilesTable
      profiles={props.profiles}
      {...(props.actions ? { actions: props.actions } : {})}
    />
  );
}

interface AddFields {
  activation_code: string;
  confirmation_code: string;
}

const SERVER_FIELDS = ['activation_code', 'confirmation_code'] as const;

/** The activation code (checked as SGP.22 says) and, when the code asks for it, the confirmation code. */
function AddProfileForm({ onAdd }: { onAdd: (args: EsimProfileArgs) => Promise<void> }) {
  const { register, handleSubmit, setError, reset, watch, formState } = useForm<AddFields>({
    defaultValues: { activation_code: '', confirmation_code: '' },
  });
  const { errors, wrap } = useServerSubmit(SERVER_FIELDS, setError);
  const code = watch('activation_code').trim();
  const confirm = activationCodeIssue(code) === null && needsConfirmationCode(code);
  const submit = wrap(async (fields: AddFields) => {
    const activation = fields.activation_code.trim();
    await onAdd({
      action: 'add',
      activation_code: activation,
      ...(needsConfirmationCode(activation) ? { confirmation_code: fields.confirmation_code } : {}),
    });
    reset();
  });
  return (
    <form noValidate aria-label={T.esimAdd} onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="xs">
        <TextInput
          label={T.esimActivationCode}
          description={T.esimActivationHint}
          required
          maxLength={512}
          autoComplete="off"
          spellCheck={false}
          error={formState.errors.activation_code?.message}
          {...register('activation_code', {
            validate: (value) => {
              const trimmed = value.trim();
              if (trimmed === '') return T.esimCodeRequired;
              const issue = activationCodeIssue(trimmed);
              return issue ? T.esimIssues[issue] : true;
            },
          })}
        />
        {confirm && (
          <TextInput
            label={T.esimConfirmationCode}
            required
            maxLength={32}
            autoComplete="off"
            error={formState.errors.confirmation_code?.message}
            {...register('confirmation_code', {
              validate: (value) =>
                !needsConfirmationCode(watch('activation_code').trim()) || value !== ''
                  ? true
                  : T.esimConfirmationRequired,
            })}
          />
        )}
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {T.esimAdd}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The 'eSIM configuration' dialog's content: the profiles with their actions, and a new one. */
export function EsimConfiguration({ device }: { device: EsimDevice }) {
  const history = useInformationHistory(device.id, null);
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<string | null>(null);
  const { settle } = useEsimReload(device.id, channel);
  const { mutateAsync } = useChangeEsimProfile();
  const noFields = useForm();
  const rowErrors = useServerSubmit([], noFields.setError);

  const change = async (args: EsimProfileArgs, title: string) => {
    const next = await mutateAsync({ device, args, title });
    if (next) setChannel(next);
    settle();
  };
  const act = rowErrors.wrap((args: EsimProfileArgs & { iccid: string }) => {
    const titles = {
      enable: T.esimEnableStatus,
      disable: T.esimDisableStatus,
      delete: T.esimDeleteStatus,
    } as const;
    return change(args, titles[args.action as keyof typeof titles](args.iccid));
  });
  const remove = async (iccid: string) => {
    const confirmed = await confirmDialog({
      title: T.esimDeleteTitle,
      message: T.esimDeleteConfirm(iccid),
      confirmText: T.esimDelete,
      danger: true,
    });
    if (confirmed) act({ action: 'delete', iccid });
  };
  const actions = (profile: EsimProfileReading) => {
    const items: RowMenuItem[] =
      profile.state === 'enabled'
        ? [
            {
              label: T.esimDisable,
              icon: <IconCircleOff size={14} aria-hidden />,
              onClick: () => act({ action: 'disable', iccid: profile.iccid }),
            },
          ]
        : [
            {
              label: T.esimEnable,
              icon: <IconCircleCheck size={14} aria-hidden />,
              onClick: () => act({ action: 'enable', iccid: profile.iccid }),
            },
            {
              label: T.esimDelete,
              icon: <IconTrash size={14} aria-hidden />,
              color: 'red',
              onClick: () => void remove(profile.iccid),
            },
          ];
    return <RowMenu label={T.esimRowActions(profile.iccid)} items={items} />;
  };

  let body;
  if (history.isPending) body = <Loading />;
  else if (history.isError) body = <LoadError error={history.error} />;
  else body = <Profiles profiles={esimProfilesOf(history.data)} actions={actions} />;

  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} aria-hidden />}>
        {T.esimEnableNote}
      </Alert>
      <Group justify="space-between">
        <Title order={5}>{T.esimProfiles}</Title>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() =>
            void queryClient.invalidateQueries({ queryKey: deviceKeys.history(device.id, null) })
          }
        >
          {T.esimReload}
        </Button>
      </Group>
      {body}
      <FormErrorAlert messages={rowErrors.errors} />
      <Title order={5}>{T.esimAdd}</Title>
      <AddProfileForm onAdd={(args) => change(args, T.esimAddStatus)} />
    </Stack>
  );
}

/** The 'eSIM configuration' dialog of one device. */
export function esimConfigurationDialog(device: EsimDevice): DialogOptions {
  return {
    id: `esim-configuration-${device.id}`,
    title: T.esimConfiguration,
    subtitle: device.name,
    size: 'lg',
    content: <EsimConfiguration device={device} />,
  };
}

/**
 * The network tab's eSIM section: the profiles the device reports, the dialog's button and the
 * bootstrap check.
 */
export function EsimSection({
  device,
  history,
}: {
  device: EsimDevice;
  history: InformationHistory;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" maw={720}>
        <Title order={4}>{T.esim}</Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconSettings size={14} aria-hidden />}
          onClick={() => dialogs.open(esimConfigurationDialog(device))}
        >
          {T.esimConfiguration}
        </Button>
      </Group>
      <Profiles profiles={esimProfilesOf(history)} />
      <EsimBootstrapCheck deviceId={device.id} />
    </Stack>
  );
}
