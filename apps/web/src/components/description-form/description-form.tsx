import { Stack, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useDialog } from '@/components/dialogs';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import {
  fieldErrorProp,
  FormErrorAlert,
  useServerSubmit,
  zodResolver,
} from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { actionSuccessMessage } from '@/lib/messages';
import { DESCRIPTION_FORM_TEXTS } from './texts';

export { DESCRIPTION_FORM_TEXTS };
const T = DESCRIPTION_FORM_TEXTS;

interface DescriptionBody {
  description: string;
}

interface DescriptionFormProps {
  description: string;
  /** The contract's update body (`{ description }` with its length limit). */
  schema: z.ZodType<DescriptionBody, DescriptionBody>;
  maxLength: number;
  /** What is updated, for the success message ('File', 'Image'). */
  item: string;
  save: (body: DescriptionBody) => Promise<unknown>;
  pending: boolean;
}

/** The one thing of an uploaded file or image that can change: its description, in a dialog. */
export function DescriptionForm({
  description,
  schema,
  maxLength,
  item,
  save,
  pending,
}: DescriptionFormProps) {
  const dialog = useDialog();
  const { register, handleSubmit, setError, formState } = useForm<DescriptionBody>({
    resolver: zodResolver(schema),
    defaultValues: { description },
  });
  const { errors, wrap } = useServerSubmit(['description'] as const, setError);

  const submit = wrap(async (body: DescriptionBody) => {
    await save(body);
    toast.success(actionSuccessMessage(item, 'update'));
    dialog?.close();
  });

  return (
    <form noValidate aria-label={T.title} onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        <Textarea
          label={T.description}
          autosize
          minRows={3}
          maxLength={maxLength}
          error={fieldErrorProp(formState.errors.description)}
          data-autofocus
          {...register('description')}
        />
        <FormErrorAlert messages={errors} />
        <DialogFormFooter submitLabel={T.save} pending={pending} onCancel={() => dialog?.close()} />
      </Stack>
    </form>
  );
}
