import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import { VPN_TEXTS as T } from '../texts';

/** One input of a row: what `register` gives it and its error. */
export interface RouteRowInput {
  register: UseFormRegisterReturn;
  error: FieldError | undefined;
}

export type RouteRowInputs = Record<'network' | 'netmask' | 'name', RouteRowInput>;

interface RouteRowsProps {
  /** useFieldArray's rows (their ids key them). */
  rows: readonly { id: string }[];
  inputs: (index: number) => RouteRowInputs;
  /** Rows the list keeps at least: their remove buttons are hidden. */
  min: number;
  max: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** Whether network and netmask must be given. */
  required?: boolean;
  nameMaxLength: number;
  networkPlaceholder?: string;
}

/** LANs as rows of network, netmask and name, with buttons to add and remove rows. */
export function RouteRows({
  rows,
  inputs,
  min,
  max,
  onAdd,
  onRemove,
  required = false,
  nameMaxLength,
  networkPlaceholder,
}: RouteRowsProps) {
  return (
    <Stack gap="xs">
      {/* Labels over the first row only: the rows below line up under them. */}
      {rows.map((row, index) => {
        const { network, netmask, name } = inputs(index);
        const labelled = (label: string) =>
          index === 0 ? { label } : { 'aria-label': `${label} ${index + 1}` };
        return (
          <Group key={row.id} align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              {...labelled(T.network)}
              required={required}
              placeholder={networkPlaceholder}
              error={fieldErrorProp(network.error)}
              {...network.register}
            />
            <TextInput
              {...labelled(T.netmask)}
              required={required}
              error={fieldErrorProp(netmask.error)}
              {...netmask.register}
            />
            <TextInput
              {...labelled(T.routeName)}
              maxLength={nameMaxLength}
              error={fieldErrorProp(name.error)}
              {...name.register}
            />
            {rows.length > min && (
              <ActionIcon
                mt={index === 0 ? 30 : 4}
                variant="subtle"
                color="gray"
                aria-label={T.removeRow}
                onClick={() => onRemove(index)}
              >
                <IconX size={16} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {rows.length < max && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={onAdd}
          >
            {T.addRow}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
