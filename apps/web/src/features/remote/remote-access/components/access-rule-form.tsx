import { Button, Checkbox, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { Controller, useForm, type DefaultValues } from 'react-hook-form';
import type { AccessRule } from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { remoteAccessKeys } from '../api/keys';
import { createAccessRule, updateAccessRule } from '../api/save-access-rule';
import { defaultPort, isAccessProtocol, PROTOCOL_OPTIONS } from '../model/protocols';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import {
  ACCESS_RULE_FIELDS,
  accessRuleFormSchema,
  requiredMessages,
  type AccessRuleField,
  type AccessRuleFormInput,
  type AccessRuleFormValues,
} from './access-rule-schema';
import type { DeviceRef } from './connect-dialogs';
import { DevicePicker } from './device-picker';

const resolver = zodResolver(accessRuleFormSchema, { error: requiredMessages });

/** The device itself: what most rules reach (its web UI, its SSH). */
const DEVICE_ITSELF = '127.0.0.1';

// POST takes a list, so its errors name `data.0.<field>` (the index is dropped before matching).
const SERVER_FIELDS = [
  ...ACCESS_RULE_FIELDS,
  ...ACCESS_RULE_FIELDS.map((field) => `data.${field}`),
];
const formField = (source: string): AccessRuleField | undefined =>
  ACCESS_RULE_FIELDS.find((field) => field === source.replace(/^data\./, ''));

function initialValues(rule?: AccessRule, device?: DeviceRef): DefaultValues<AccessRuleFormInput> {
  if (!rule) {
    return {
      device_id: device?.id,
      name: '',
      protocol: 'http',
      destination_ip: DEVICE_ITSELF,
      destination_port: defaultPort('http'),
      credentials_required: false,
    };
  }
  return {
    device_id: rule.device_id,
    name: rule.name,
    protocol: isAccessProtocol(rule.protocol) ? rule.protocol : undefined,
    destination_ip: rule.destination_ip,
    destination_port: rule.destination_port,
    credentials_required: rule.credentials_required,
  };
}

interface AccessRuleFormProps {
  /** The rule edited; absent for a new one. */
  rule?: AccessRule;
  /** A new rule's device, when the page already names it (the device's own tab). */
  device?: DeviceRef;
}

/** Add or edit an access rule: device, name, protocol, destination and whether to ask credentials. */
export function AccessRuleForm({ rule, device }: AccessRuleFormProps) {
  const dialog = useDialog();
  const form = useForm<AccessRuleFormInput, unknown, AccessRuleFormValues>({
    resolver,
    defaultValues: initialValues(rule, device),
  });
  const submitter = useFormSubmit<AccessRuleFormValues>({
    request: (values) => (rule ? updateAccessRule(rule.id, values) : createAccessRule(values)),
    item: T.item,
    verb: rule ? 'update' : 'create',
    invalidate: [remoteAccessKeys.all],
    fields: SERVER_FIELDS,
    setFieldError: (source, message) => {
      const field = formField(source);
      if (field) form.setError(field, { type: 'server', message });
    },
  });
  const { errors } = form.formState;
  const known = device ?? (rule && { id: rule.device_id, name: rule.device_name });

  // A new protocol brings its default port, unless the user typed a port of their own.
  const chooseProtocol = (next: string | null) => {
    if (!next || !isAccessProtocol(next)) return;
    const { protocol: previous, destination_port: port } = form.getValues();
    form.setValue('protocol', next, { shouldDirty: true });
    if (typeof port !== 'number' || (previous && port === defaultPort(previous))) {
      form.setValue('destination_port', defaultPort(next), {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="device_id"
          render={({ field, fieldState }) => (
            <DevicePicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              initial={known && { value: String(known.id), label: known.name }}
              disabled={device !== undefined}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <TextInput
          label={T.name}
          required
          maxLength={50}
          data-autofocus
          error={fieldErrorProp(errors.name)}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="protocol"
          render={({ field, fieldState }) => (
            <Select
              label={T.protocol}
              required
              data={PROTOCOL_OPTIONS}
              value={field.value ?? null}
              allowDeselect={false}
              onChange={chooseProtocol}
              error={fieldErrorProp(fieldState.error)}
            />
          )}
        />
        <Group align="flex-start" grow>
          <TextInput
            label={T.destinationIp}
            description={T.destinationIpHint}
            // Under the input, so the IP and port inputs stay side by side.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            error={fieldErrorProp(errors.destination_ip)}
            {...form.register('destination_ip')}
          />
          <Controller
            control={form.control}
            name="destination_port"
            render={({ field, fieldState }) => (
              <NumberInput
                label={T.port}
                required
                min={1}
                max={65_535}
                allowDecimal={false}
                allowNegative={false}
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
                onBlur={field.onBlur}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
        </Group>
        <Checkbox
          label={T.credentialsRequired}
          error={fieldErrorProp(errors.credentials_required)}
          {...form.register('credentials_required')}
        />
        <FormErrorAlert messages={submitter.errors} />
        <Group justify="flex-end">
          {dialog && (
            <Button variant="default" onClick={dialog.close}>
              {T.cancel}
            </Button>
          )}
          <Button type="submit" loading={submitter.state === 'waiting'}>
            {rule ? T.save : T.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
