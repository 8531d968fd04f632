import { Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, splitServerErrors, zodResolver } from '@/components/form-errors';
import { EmbeddedField } from '@/components/schema-form';
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
import { routeTableField } from '../model/route-table';
import { VPN_TEXTS as T } from '../texts';
import { FormFooter } from './form-footer';

const resolver = zodResolver(routeFormSchema, { error: formErrorMap });
const ROUTES_FIELD = routeTableField({
  key: 'routes',
  network: 'ip_address',
  required: true,
  maxRows: ROUTE_ROWS_MAX,
});

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

  return (
    <FormProvider {...form}>
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
          <EmbeddedField field={ROUTES_FIELD} />
          <FormFooter
            errors={errors}
            submitLabel={T.addRoutes}
            loading={form.formState.isSubmitting}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}
