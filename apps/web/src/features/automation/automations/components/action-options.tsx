import { NumberInput, Select, Text, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext, type Path } from 'react-hook-form';
import { TASK_TIMEOUT_MAX } from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import {
  type PickerOption,
  useSmtpOptions,
  useTaskGroupOptions,
  useUserOptions,
  useWebhookOptions,
} from '../api/pickers';
import { errorMessage, pathOf } from '../model/field-errors';
import { ACTIONS, type RuleFormInput } from '../model/rule-form';
import { AUTOMATIONS_TEXTS as T } from '../texts';

type Picker = (enabled: boolean) => { data?: PickerOption[] | undefined; isFetching: boolean };

interface OptionProps {
  name: Path<RuleFormInput>;
  label: string;
}

/** An option holding one text, or a one-item list of texts (recipients). */
function TextOption({
  name,
  label,
  list = false,
  area = false,
}: OptionProps & { list?: boolean; area?: boolean }) {
  const { control, formState } = useFormContext<RuleFormInput>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const raw = field.value as unknown;
        const value = list
          ? ((raw as string[] | undefined)?.[0] ?? '')
          : ((raw as string | undefined) ?? '');
        const props = {
          ref: field.ref,
          label,
          required: true,
          value,
          onBlur: field.onBlur,
          error: errorMessage(formState.errors, name),
        };
        const change = (next: string) => field.onChange(list ? [next] : next);
        return area ? (
          <Textarea
            {...props}
            autosize
            minRows={2}
            onChange={(event) => change(event.currentTarget.value)}
          />
        ) : (
          <TextInput {...props} onChange={(event) => change(event.currentTarget.value)} />
        );
      }}
    />
  );
}

/** An option picked from a list of the API (limit 100): an id as a number, a string or a list. */
function PickOption({
  name,
  label,
  usePicker,
  as,
  required = true,
  placeholder,
}: OptionProps & {
  usePicker: Picker;
  as: 'number' | 'string' | 'list';
  required?: boolean;
  placeholder?: string;
}) {
  const { control, formState } = useFormContext<RuleFormInput>();
  const options = usePicker(true);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const raw = field.value as unknown;
        const first = Array.isArray(raw) ? (raw[0] as unknown) : raw;
        const value = first === undefined || first === null || first === '' ? null : String(first);
        const known = options.data ?? [];
        // A saved value beyond the first 100 still shows, by its id.
        const data =
          value && !known.some((option) => option.value === value)
            ? [...known, { value, label: value }]
            : known;
        return (
          <Select
            ref={field.ref}
            label={label}
            required={required}
            placeholder={placeholder}
            searchable
            clearable={!required}
            data={data}
            value={value}
            nothingFoundMessage={T.nothingFound}
            onChange={(next) => {
              if (as === 'list') field.onChange(next === null ? [] : [next]);
              else if (as === 'number') field.onChange(next === null ? undefined : Number(next));
              else field.onChange(next ?? '');
            }}
            onBlur={field.onBlur}
            error={errorMessage(formState.errors, name)}
          />
        );
      }}
    />
  );
}

/** The options of the action at `index`, by its name. */
export function ActionOptions({ index, name }: { index: number; name: string }) {
  const { control } = useFormContext<RuleFormInput>();
  const at = (option: string) => pathOf<RuleFormInput>(ACTIONS, index, 'options', option);
  switch (name) {
    case 'SendNotification':
      return (
        <>
          <PickOption
            name={at('receiving_users')}
            label={T.user}
            usePicker={useUserOptions}
            as="list"
          />
          <TextOption name={at('message')} label={T.message} area />
        </>
      );
    case 'SendEmail':
      return (
        <>
          <TextOption name={at('receiving_emails')} label={T.recipient} list />
          <PickOption
            name={at('smtp_config_id')}
            label={T.smtp}
            usePicker={useSmtpOptions}
            as="number"
            required={false}
            placeholder={T.smtpPlaceholder}
          />
          <TextOption name={at('subject')} label={T.subject} />
          <TextOption name={at('message')} label={T.message} area />
        </>
      );
    case 'SendWebhook':
      return (
        <PickOption
          name={at('webhook_id')}
          label={T.webhook}
          usePicker={useWebhookOptions}
          as="number"
        />
      );
    case 'TaskManagerAction':
      return (
        <PickOption
          name={at('task_group_id')}
          label={T.taskGroup}
          usePicker={useTaskGroupOptions}
          as="string"
        />
      );
    case 'RunCommand':
      return (
        <>
          <TextOption name={at('command')} label={T.command} />
          <Controller
            control={control}
            name={at('timeout')}
            render={({ field, fieldState }) => (
              <NumberInput
                label={T.commandTimeout}
                w={160}
                min={1}
                max={TASK_TIMEOUT_MAX}
                allowDecimal={false}
                allowNegative={false}
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(next) => field.onChange(typeof next === 'number' ? next : undefined)}
                error={fieldErrorProp(fieldState.error)}
              />
            )}
          />
        </>
      );
    case 'Reboot':
      return <Text size="sm">{T.rebootHint}</Text>;
    case 'ExportBackup':
      return <Text size="sm">{T.backupHint}</Text>;
    default:
      return null;
  }
}
