import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { VPN_ROUTE_NAME_MAX_LENGTH } from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, FormErrorAlert, splitServerErrors } from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { useDeviceClients } from '../api/get-clients';
import { vpnKeys } from '../api/keys';
import { addRoute } from '../api/routes';
import { formErrorMap } from '../model/form-error-map';
import {
  emptyRouteRow,
  ROUTE_ROW_FIELDS,
  ROUTE_ROWS_MAX,
  routeFormSchema,
  type RouteFormInput,
  type RouteFormValues,
} from '../model/route-form';
import { VPN_TEXTS as T } from '../texts';

const resolver = zodResolver(routeFormSchema, { error: formErrorMap });

/**
 * Spec dialog 'VPN (add routes)': LANs reached through one device client. Rows are sent one by
 * one; the ones added leave the form, so after a refusal only the rest are sent again.
 */
export function AddRoutesForm({ hubId }: { hubId: number }) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const devices = useDeviceClients(hubId);
  const form = useForm<RouteFormInput, unknown, RouteFormValues>({
    resolver,
    defaultValues: { routes: [emptyRouteRow()] },
  });
  const rows = useFieldArray({ control: form.control, name: 'routes' });
  const [errors, setErrors] = useState<string[]>([]);
  const guard = useSubmitGuard();
  const submit = guard(async (values: RouteFormValues) => {
    setErrors([]);
    let added = 0;
    try {
      for (const route of values.routes) {
        await addRoute({ vpn_hub_id: hubId, vpn_hub_user_id: values.vpn_hub_user_id, ...route });
        added += 1;
      }
      toast.success(T.routesAdded);
      dialog?.close();
    } catch (error) {
      // A reset rather than a removal: removing rows revalidates them, which drops server errors.
      if (added > 0) form.reset({ ...values, routes: values.routes.slice(added) });
      const split = splitServerErrors(error, ['vpn_hub_user_id', ...ROUTE_ROW_FIELDS]);
      if (split.fields.vpn_hub_user_id) {
        form.setError('vpn_hub_user_id', { message: split.fields.vpn_hub_user_id });
      }
      for (const field of ROUTE_ROW_FIELDS) {
        const message = split.fields[field];
        if (message) form.setError(`routes.0.${field}`, { type: 'server', message });
      }
      setErrors(split.others);
    } finally {
      if (added > 0) void queryClient.invalidateQueries({ queryKey: vpnKeys.hub(hubId) });
    }
  });
  const options = (devices.data ?? []).map((client) => ({
    value: String(client.id),
    label: client.name,
  }));
  const { errors: fieldErrors } = form.formState;

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="vpn_hub_user_id"
          render={({ field, fieldState }) => (
            <Select
              label={T.via}
              required
              data={options}
              value={field.value === undefined ? null : String(field.value)}
              onChange={(next) => field.onChange(next === null ? undefined : Number(next))}
              searchable
              nothingFoundMessage={T.noDevices}
              description={devices.data?.length === 0 ? T.noDeviceClients : undefined}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        {/* Labels over the first row only: the rows below line up under them. */}
        {rows.fields.map((row, index) => (
          <Group key={row.id} align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label={index === 0 ? T.network : undefined}
              aria-label={index === 0 ? undefined : `${T.network} ${index + 1}`}
              required
              placeholder="192.168.1.0"
              error={fieldErrorProp(fieldErrors.routes?.[index]?.ip_address)}
              {...form.register(`routes.${index}.ip_address`)}
            />
            <TextInput
              label={index === 0 ? T.netmask : undefined}
              aria-label={index === 0 ? undefined : `${T.netmask} ${index + 1}`}
              required
              error={fieldErrorProp(fieldErrors.routes?.[index]?.netmask)}
              {...form.register(`routes.${index}.netmask`)}
            />
            <TextInput
              label={index === 0 ? T.routeName : undefined}
              aria-label={index === 0 ? undefined : `${T.routeName} ${index + 1}`}
              maxLength={VPN_ROUTE_NAME_MAX_LENGTH}
              error={fieldErrorProp(fieldErrors.routes?.[index]?.name)}
              {...form.register(`routes.${index}.name`)}
            />
            {rows.fields.length > 1 && (
              <ActionIcon
                mt={index === 0 ? 30 : 4}
                variant="subtle"
                color="gray"
                aria-label={T.removeRow}
                onClick={() => rows.remove(index)}
              >
                <IconX size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {rows.fields.length < ROUTE_ROWS_MAX && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => rows.append(emptyRouteRow())}
            >
              {T.addRow}
            </Button>
          </Group>
        )}
        {fieldErrors.routes?.root?.message && (
          <Text size="sm" c="red">
            {fieldErrors.routes.root.message}
          </Text>
        )}
        <FormErrorAlert messages={errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={dialog?.close}>
            {T.cancel}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {T.addRoutes}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
