import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { VPN_DHCP_TYPES, vpnDhcpBodySchema, type VpnDhcpOption } from '@netfleet/contracts';
import {
  FormErrorAlert,
  fieldErrorProp,
  useServerSubmit,
  zodResolver,
} from '@/components/form-errors';
import { QueryState } from '@/components/query-state';
import { toast } from '@/components/toasts';
import { addDhcpOption, removeDhcpOption, useDhcpOptions } from '../api/dhcp';
import { vpnKeys } from '../api/keys';
import { formErrorMap } from '../model/form-error-map';
import { VPN_TEXTS as T } from '../texts';
import { useConfirmedAction } from './use-confirmed-action';

type Input = z.input<typeof vpnDhcpBodySchema>;
type Values = z.output<typeof vpnDhcpBodySchema>;
const resolver = zodResolver(vpnDhcpBodySchema, { error: formErrorMap });
const TYPE_OPTIONS = VPN_DHCP_TYPES.map((type) => ({ value: type, label: type }));

function AddDhcpForm({ hubId }: { hubId: number }) {
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Values>({
    resolver,
    defaultValues: { type: 'DNS', ip_address: '' },
  });
  const { errors, wrap } = useServerSubmit<Values>(['ip_address', 'type'], form.setError);
  const submit = wrap(async (values: Values) => {
    await addDhcpOption(hubId, values);
    toast.success(T.dhcpAdded);
    form.reset({ type: values.type, ip_address: '' });
    void queryClient.invalidateQueries({ queryKey: vpnKeys.dhcp(hubId) });
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="xs">
        <Group align="flex-start" gap="xs">
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label={T.dhcpType}
                data={TYPE_OPTIONS}
                value={field.value}
                allowDeselect={false}
                onChange={(next) => field.onChange(next ?? 'DNS')}
                w={110}
              />
            )}
          />
          <TextInput
            label={T.dhcpAddress}
            required
            placeholder="1.1.1.1"
            error={fieldErrorProp(form.formState.errors.ip_address)}
            {...form.register('ip_address')}
          />
          <Button
            mt={25}
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={form.formState.isSubmitting}
          >
            {T.add}
          </Button>
        </Group>
        <FormErrorAlert messages={errors} />
      </Stack>
    </form>
  );
}

function OptionsTable({
  options,
  onRemove,
}: {
  options: VpnDhcpOption[];
  onRemove?: (option: VpnDhcpOption) => void;
}) {
  if (options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {T.noDhcp}
      </Text>
    );
  }
  return (
    <Table withTableBorder aria-label={T.dhcpOptions} maw={520}>
      <Table.Tbody>
        {options.map((option) => (
          <Table.Tr key={option.id}>
            <Table.Td w={80}>{option.type}</Table.Td>
            <Table.Td>{option.ip}</Table.Td>
            <Table.Td>
              {option.state === 'pending' && (
                <Badge variant="light" color="gray">
                  {T.pending}
                </Badge>
              )}
            </Table.Td>
            {onRemove && (
              <Table.Td w={40}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={T.removeDhcp(option.ip)}
                  onClick={() => onRemove(option)}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The DNS and WINS servers the hub pushes to its clients. */
export function DhcpOptions({ hubId, canManage }: { hubId: number; canManage: boolean }) {
  const result = useDhcpOptions(hubId);
  const confirmed = useConfirmedAction();
  const remove = (option: VpnDhcpOption) =>
    confirmed({
      title: T.dhcpOptions,
      message: T.removeDhcp(option.ip),
      confirmText: T.remove,
      run: () => removeDhcpOption(hubId, { ip_address: option.ip, type: option.type }),
      done: T.dhcpRemoved,
      invalidate: vpnKeys.dhcp(hubId),
    });
  return (
    <Stack gap="sm">
      <Title order={4}>{T.dhcpOptions}</Title>
      <Text size="sm" c="dimmed">
        {T.dhcpHint}
      </Text>
      <QueryState result={result}>
        {(options) => <OptionsTable options={options} onRemove={canManage ? remove : undefined} />}
      </QueryState>
      {canManage && <AddDhcpForm hubId={hubId} />}
    </Stack>
  );
}
