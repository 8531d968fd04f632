import { FileInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  FILE_DESCRIPTION_MAX_LENGTH,
  FILE_DEVICE_MODEL_MAX_LENGTH,
  hasPermission,
} from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { useDialog } from '@/components/dialogs';
import {
  fieldErrorProp,
  FormErrorAlert,
  useServerSubmit,
  zodResolver,
} from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { UploadProgress } from '@/components/upload-progress';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { useCurrentUser } from '@/lib/current-user';
import { useUploadFile } from '../api/upload-file';
import {
  namesModel,
  UPLOAD_TYPES,
  uploadFormDefaults,
  uploadFormSchema,
  type UploadFormInput,
  type UploadFormValues,
} from '../model/upload-form';
import { FILE_TYPE_LABELS, FILES_TEXTS as T } from '../texts';

const SERVER_FIELDS = ['file', 'type', 'company_id', 'device_model', 'description'] as const;
const resolver = zodResolver(uploadFormSchema);
const TYPE_OPTIONS = UPLOAD_TYPES.map((type) => ({ value: type, label: FILE_TYPE_LABELS[type] }));

/** The company a new file goes to when the dialog is opened for one (its files tab). */
export interface UploadCompany {
  id: number;
  name: string;
}

/**
 * A file with its type, company, device model and description. The file is checked as soon as it
 * is chosen; while it uploads the bar shows how much has been sent.
 */
export function UploadForm({ company }: { company?: UploadCompany | undefined }) {
  const dialog = useDialog();
  const user = useCurrentUser();
  const own = company
    ? { value: String(company.id), label: company.name }
    : { value: String(user.company_id), label: user.company_name };
  const { control, register, handleSubmit, setError, formState } = useForm<
    UploadFormInput,
    unknown,
    UploadFormValues
  >({ resolver, defaultValues: uploadFormDefaults(own.value), mode: 'onChange' });
  const type = useWatch({ control, name: 'type' });
  const { errors, wrap } = useServerSubmit(SERVER_FIELDS, setError);
  const [progress, setProgress] = useState(0);
  const { mutateAsync, isPending } = useUploadFile(setProgress);

  const submit = wrap(async (values: UploadFormValues) => {
    setProgress(0);
    await mutateAsync({
      file: values.file,
      type: values.type,
      companyId: Number(values.company_id),
      description: values.description,
      deviceModel: values.device_model,
    });
    toast.success(T.uploaded);
    dialog?.close();
  });

  return (
    <form noValidate aria-label={T.upload} onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <Controller
          name="file"
          control={control}
          render={({ field, fieldState }) => (
            <FileInput
              label={T.file}
              description={T.fileHint}
              required
              clearable
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldErrorProp(fieldState.error)}
              disabled={isPending}
              data-autofocus
            />
          )}
        />
        <Controller
          name="type"
          control={control}
          render={({ field, fieldState }) => (
            <Select
              label={T.type}
              required
              allowDeselect={false}
              data={TYPE_OPTIONS}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              error={fieldErrorProp(fieldState.error)}
              disabled={isPending}
            />
          )}
        />
        <Controller
          name="company_id"
          control={control}
          render={({ field, fieldState }) => (
            <CompanySelect
              label={T.company}
              required
              allowDeselect={false}
              value={field.value ?? null}
              fallback={own}
              searchable={hasPermission(user.permissions, 'view_companies')}
              onChange={(id) => field.onChange(id)}
              error={fieldErrorProp(fieldState.error)}
              disabled={isPending}
            />
          )}
        />
        {namesModel(type ?? null) && (
          <TextInput
            label={T.deviceModel}
            description={T.modelHint}
            placeholder="RUTX11"
            maxLength={FILE_DEVICE_MODEL_MAX_LENGTH}
            disabled={isPending}
            error={fieldErrorProp(formState.errors.device_model)}
            {...register('device_model')}
          />
        )}
        <Textarea
          label={T.description}
          autosize
          minRows={2}
          maxLength={FILE_DESCRIPTION_MAX_LENGTH}
          disabled={isPending}
          error={fieldErrorProp(formState.errors.description)}
          {...register('description')}
        />
        {isPending && <UploadProgress fraction={progress} label={T.uploading} />}
        <FormErrorAlert messages={errors} />
        <DialogFormFooter
          submitLabel={T.uploadSubmit}
          pending={isPending}
          onCancel={() => dialog?.close()}
        />
      </Stack>
    </form>
  );
}
