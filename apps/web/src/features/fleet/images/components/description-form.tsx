import { Stack, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  actionSuccessMessage,
  IMAGE_DESCRIPTION_MAX_LENGTH,
  updateImageBodySchema,
  type ImageInfo,
  type UpdateImageBody,
} from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { fieldErrorProp, FormErrorAlert, useServerSubmit } from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { useUpdateImage } from '../api/update-image';
import { IMAGES_TEXTS as T, ITEM } from '../texts';
import { FormFooter } from './form-footer';

const SERVER_FIELDS = ['description'] as const;
const resolver = zodResolver(updateImageBodySchema);

/** The one thing of an image that can change: its description. */
export function DescriptionForm({ image }: { image: Pick<ImageInfo, 'id' | 'description'> }) {
  const dialog = useDialog();
  const { register, handleSubmit, setError, formState } = useForm<UpdateImageBody>({
    resolver,
    defaultValues: { description: image.description },
  });
  const { errors, wrap } = useServerSubmit(SERVER_FIELDS, setError);
  const { mutateAsync, isPending } = useUpdateImage(image.id);

  const submit = wrap(async (body: UpdateImageBody) => {
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
          maxLength={IMAGE_DESCRIPTION_MAX_LENGTH}
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
