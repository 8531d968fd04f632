import { Stack, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  actionSuccessMessage,
  FILE_DESCRIPTION_MAX_LENGTH,
  updateFileBodySchema,
  type FileInfo,
  type UpdateFileBody,
} from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, FormErrorAlert, useServerSubmit } from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { useUpdateFile } from '../api/update-file';
import { FILES_TEXTS as T, ITEM } from '../texts';
import { FormFooter } from './form-footer';

const SERVER_FIELDS = ['description'] as const;
const resolver = zodResolver(updateFileBodySchema);

/** The one thing of an uploaded file that can change: its description. */
export function DescriptionForm({ file }: { file: Pick<FileInfo, 'id' | 'description'> }) {
  const dialog = useDialog();
  const { register, handleSubmit, setError, formState } = useForm<UpdateFileBody>({
    resolver,
    defaultValues: { description: file.description },
  });
  const { errors, wrap } = useServerSubmit(SERVER_FIELDS, setError);
  const { mutateAsync, isPending } = useUpdateFile(file.id);

  const submit = wrap(async (body: UpdateFileBody) => {
    await mutateAsync(body);
    toast.success(actionSuccessMessage(ITEM, 'update'));
    dialog?.close();
  });

  return (
    <form
      noValidate
      aria-label={T.editDescription}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <Stack gap="md">
        <Textarea
          label={T.description}
          autosize
          minRows={3}
          maxLength={FILE_DESCRIPTION_MAX_LENGTH}
          error={fieldErrorProp(formState.errors.description)}
          data-autofocus
          {...register('description')}
        />
        <FormErrorAlert messages={errors} />
        <FormFooter submitLabel={T.save} pending={isPending} onCancel={() => dialog?.close()} />
      </Stack>
    </form>
  );
}
