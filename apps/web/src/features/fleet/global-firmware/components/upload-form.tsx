import { FileInput, Progress, Stack, Text, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { FILE_DESCRIPTION_MAX_LENGTH } from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import {
  fieldErrorProp,
  FormErrorAlert,
  useServerSubmit,
  zodResolver,
} from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { useCurrentUser } from '@/lib/current-user';
import { useUploadGlobalFirmware } from '../api/upload-global-firmware';
import {
  UPLOAD_FORM_DEFAULTS,
  uploadFormSchema,
  type UploadFormInput,
  type UploadFormValues,
} from '../model/upload-form';
import { GLOBAL_FIRMWARE_TEXTS as T } from '../texts';

// The API's `type` and `company_id` are not fields here: their errors go to the alert.
const SERVER_FIELDS = ['file', 'description'] as const;
const resolver = zodResolver(uploadFormSchema);

/**
 * A firmware file and its description, uploaded as global firmware of the user's company. The
 * file is checked as soon as it is chosen; the server's refusals go under the field they name.
 */
export function UploadForm() {
  const dialog = useDialog();
  const { company_id: companyId } = useCurrentUser();
  const { control, register, handleSubmit, setError, formState } = useForm<
    UploadFormInput,
    unknown,
    UploadFormValues
  >({ resolver, defaultValues: UPLOAD_FORM_DEFAULTS, mode: 'onChange' });
  const { errors, wrap } = useServerSubmit(SERVER_FIELDS, setError);
  const { mutateAsync, isPending } = useUploadGlobalFirmware();

  const submit = wrap(async ({ file, description }: UploadFormValues) => {
    await mutateAsync({ file, description, companyId });
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
              accept=".bin"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldErrorProp(fieldState.error)}
              disabled={isPending}
              data-autofocus
            />
          )}
        />
        <Textarea
          label={T.description}
          autosize
          minRows={2}
          maxLength={FILE_DESCRIPTION_MAX_LENGTH}
          disabled={isPending}
          error={fieldErrorProp(formState.errors.description)}
          {...register('description')}
        />
        {isPending && (
          <Stack gap={4}>
            <Progress value={100} striped animated aria-label={T.uploading} />
            <Text size="sm" c="dimmed">
              {T.uploading}
            </Text>
          </Stack>
        )}
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
