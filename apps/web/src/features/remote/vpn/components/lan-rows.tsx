import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { fieldErrorProp } from '@/components/form-errors';
import {
  defaultLan,
  QUICK_ROUTES_MAX,
  type QuickConnectFormInput,
} from '../model/quick-connect-form';
import { VPN_TEXTS as T } from '../texts';

/** The LANs behind the quick hub's device, routed through it. */
export function LanRows() {
  const form = useFormContext<QuickConnectFormInput>();
  const rows = useFieldArray({ control: form.control, name: 'endpoint.routes' });
  const errors = form.formState.errors.endpoint?.routes;
  return (
    <Input.Wrapper label={T.lans}>
      <Stack gap="xs" mt={4}>
        {/* Labels over the first row only: the rows below line up under them. */}
        {rows.fields.map((row, index) => (
          <Group key={row.id} align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label={index === 0 ? T.network : undefined}
              aria-label={index === 0 ? undefined : `${T.network} ${index + 1}`}
              error={fieldErrorProp(errors?.[index]?.ip)}
              {...form.register(`endpoint.routes.${index}.ip`)}
            />
            <TextInput
              label={index === 0 ? T.netmask : undefined}
              aria-label={index === 0 ? undefined : `${T.netmask} ${index + 1}`}
              error={fieldErrorProp(errors?.[index]?.netmask)}
              {...form.register(`endpoint.routes.${index}.netmask`)}
            />
            <TextInput
              label={index === 0 ? T.routeName : undefined}
              aria-label={index === 0 ? undefined : `${T.routeName} ${index + 1}`}
              error={fieldErrorProp(errors?.[index]?.name)}
              {...form.register(`endpoint.routes.${index}.name`)}
            />
            <ActionIcon
              mt={index === 0 ? 30 : 4}
              variant="subtle"
              color="gray"
              aria-label={T.removeRow}
              onClick={() => rows.remove(index)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        {rows.fields.length < QUICK_ROUTES_MAX && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => rows.append(defaultLan())}
            >
              {T.addRow}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
