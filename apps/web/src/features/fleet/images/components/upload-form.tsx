import { FileInput, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { hasPermission, IMAGE_ACCEPT, IMAGE_DESCRIPTION_MAX_LENGTH } from '@netfleet/contracts';
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
import { useUploadImage } from '../api/upload-image';
import {
  uploadFormDefaults,
  uploadFormSchema,
  type UploadFormInput,
  type UploadFormValues,
} from '../model/upload-form';
import { IMAGES_TEXTS as T } from '../texts';

const SERVER_FIELDS = ['image', 'company_id', 'description'] as const;
const resolver = zodResolver(uploadFormSchema);

/** A JPEG or PNG for a company's dashboards; the bar shows how much has been sent. */
export function UploadForm() {
  const dialog = useDialog();
  const user = useCurrentUser();
  const own = { value: String(user.company_id), label: user.company_name };
  const { control, register, handleSubmit, setError, formState } = useForm<
    UploadFormInput,
    unknown,
    UploadFormValues
  >({ resolver, defaultValues: uploadFormDefaults(own.value), mode: 'onChange' });
  const { errors, wrap } = useServerSubmit(SERVER_FIELDS, setError);
  const [progress, setProgress] = useState(0);
  const { mutateAsync, isPending } = useUploadImage(setProgress);

  const submit = wrap(async (values: UploadFormValues) => {
    setProgress(0);
    await mutateAsync({
      image: values.image,
      companyId: Number(values.company_id),
      description: values.description,
    });
    toast.success(T.uploaded);
    dialog?.close();
  });

  return (
    <form noValidate aria-label={T.upload} onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <Controller
          name="image"
          control={control}
          render={({ field, fieldState }) => (
            <FileInput
              label={T.image}
              description={T.imageHint}
              required
              clearable
              accept={IMAGE_ACCEPT}
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
        <Textarea
          label={T.description}
          autosize
          minRows={2}
          maxLength={IMAGE_DESCRIPTION_MAX_LENGTH}
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
