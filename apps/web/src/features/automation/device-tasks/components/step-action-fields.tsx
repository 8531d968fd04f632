import { Alert, Checkbox, NumberInput, Textarea, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import {
  DEVICE_PASSWORD_MAX_LENGTH,
  DEVICE_PASSWORD_MIN_LENGTH,
  FIRMWARE_FILE_TYPES,
  type TaskAction,
} from '@netfleet/contracts';
import { fieldErrorProp } from '@/components/form-errors';
import type { PickerRow, PickerSource } from '../api/get-options';
import type { TaskGroupFormInput } from '../model/task-group-form';
import { TASK_TEXTS as T } from '../texts';
import { RemoteSelect } from './remote-select';

const fileLabel = (row: PickerRow) =>
  row.type === 'global_firmware' ? T.globalFile(row.name) : row.name;
// A company's own firmware and the global firmware every company may use.
const FIRMWARE_FILES: PickerSource = {
  endpoint: '/files',
  query: { type: FIRMWARE_FILE_TYPES },
  label: fileLabel,
};
const ANY_FILES: PickerSource = { endpoint: '/files', label: fileLabel };
const BACKUP_FILES = { endpoint: '/files', query: { type: 'config' } } as const;
const FILE_FIELDS = {
  firmware: { source: FIRMWARE_FILES, label: T.firmwareFile, required: true },
  backup: { source: BACKUP_FILES, label: T.backupFile, required: true },
  any: { source: ANY_FILES, label: T.file, required: false },
} as const;
const TEMPLATE_FIELDS = {
  config: {
    name: 'template_id',
    source: { endpoint: '/devices/configurator/templates' },
    label: T.configTemplate,
    hint: T.configTemplateHint,
    none: T.noTemplates,
  },
  monitoring: {
    name: 'monitoring_template_id',
    source: { endpoint: '/monitoring-templates' },
    label: T.monitoringTemplate,
    hint: T.monitoringTemplateHint,
    none: T.noMonitoringTemplates,
  },
} as const;

function TemplateField({ index, kind }: { index: number; kind: keyof typeof TEMPLATE_FIELDS }) {
  const { control } = useFormContext<TaskGroupFormInput>();
  const spec = TEMPLATE_FIELDS[kind];
  return (
    <Controller
      control={control}
      name={`tasks.${index}.data.${spec.name}`}
      render={({ field, fieldState }) => (
        <RemoteSelect
          source={spec.source}
          label={spec.label}
          description={spec.hint}
          required
          nothingFoundMessage={spec.none}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldErrorProp(fieldState.error)}
        />
      )}
    />
  );
}

function FileField({ index, kind }: { index: number; kind: keyof typeof FILE_FIELDS }) {
  const { control } = useFormContext<TaskGroupFormInput>();
  const { source, label, required } = FILE_FIELDS[kind];
  return (
    <Controller
      control={control}
      name={`tasks.${index}.data.file_id`}
      render={({ field, fieldState }) => (
        <RemoteSelect
          source={source}
          label={label}
          required={required}
          nothingFoundMessage={T.noFiles}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldErrorProp(fieldState.error)}
        />
      )}
    />
  );
}

function PasswordLengthField({ index }: { index: number }) {
  const { control } = useFormContext<TaskGroupFormInput>();
  return (
    <Controller
      control={control}
      name={`tasks.${index}.data.password_length`}
      render={({ field, fieldState }) => (
        <NumberInput
          label={T.passwordLength}
          required
          min={DEVICE_PASSWORD_MIN_LENGTH}
          max={DEVICE_PASSWORD_MAX_LENGTH}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={Number.isFinite(field.value) ? field.value : ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : NaN)}
          onBlur={field.onBlur}
          error={fieldErrorProp(fieldState.error)}
        />
      )}
    />
  );
}

/**
 * The inputs of what the step does: a command and its exit codes, a firmware file, a
 * configuration template, a path.
 */
export function StepActionFields({ index, action }: { index: number; action: TaskAction }) {
  const { register, formState } = useFormContext<TaskGroupFormInput>();
  const errors = formState.errors.tasks?.[index]?.data;
  switch (action) {
    case 'command':
      return (
        <>
          <Textarea
            label={T.command}
            description={T.commandHint}
            required
            autosize
            minRows={2}
            ff="monospace"
            error={fieldErrorProp(errors?.command)}
            {...register(`tasks.${index}.data.command`)}
          />
          <TextInput
            label={T.exitCodes}
            description={T.exitCodesHint}
            placeholder="0"
            error={fieldErrorProp(errors?.acceptable_codes)}
            {...register(`tasks.${index}.data.acceptable_codes`)}
          />
        </>
      );
    case 'firmware_update':
      return (
        <>
          <FileField index={index} kind="firmware" />
          <Checkbox label={T.keepSettings} {...register(`tasks.${index}.data.keep_settings`)} />
        </>
      );
    case 'config_apply':
      return <TemplateField index={index} kind="config" />;
    case 'monitoring_change':
      return <TemplateField index={index} kind="monitoring" />;
    case 'backup_export':
      return (
        <Alert color="blue" variant="light">
          {T.backupExportHint}
        </Alert>
      );
    case 'backup_restore':
      return <FileField index={index} kind="backup" />;
    case 'password_change':
      return (
        <>
          <Alert color="blue" variant="light">
            {T.passwordChangeHint}
          </Alert>
          <PasswordLengthField index={index} />
          <Checkbox
            label={T.passwordSpecial}
            {...register(`tasks.${index}.data.password_special`)}
          />
        </>
      );
    case 'upload_file':
      return (
        <>
          <FileField index={index} kind="any" />
          <TextInput
            label={T.targetPath}
            description={T.targetPathHint}
            placeholder="/etc/ssl/"
            required
            error={fieldErrorProp(errors?.target_path)}
            {...register(`tasks.${index}.data.target_path`)}
          />
        </>
      );
    case 'download_file':
      return (
        <TextInput
          label={T.devicePath}
          description={T.devicePathHint}
          placeholder="/etc/config/network"
          required
          error={fieldErrorProp(errors?.file)}
          {...register(`tasks.${index}.data.file`)}
        />
      );
    case 'reboot':
      return null;
  }
}
