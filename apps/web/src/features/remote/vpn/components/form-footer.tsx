import { Button, Group, type ButtonProps } from '@mantine/core';
import { useDialog } from '@/components/dialogs';
import { FormErrorAlert } from '@/components/form-errors';
import { VPN_TEXTS as T } from '../texts';

interface FormFooterProps {
  /** The messages of a failed submit that belong to no field. */
  errors: readonly string[];
  submitLabel: string;
  loading: boolean;
  color?: ButtonProps['color'];
}

/** A dialog form's errors, Cancel (closing the dialog) and submit. */
export function FormFooter({ errors, submitLabel, loading, color }: FormFooterProps) {
  const dialog = useDialog();
  return (
    <>
      <FormErrorAlert messages={errors} />
      <Group justify="flex-end">
        {dialog && (
          <Button variant="default" onClick={dialog.close}>
            {T.cancel}
          </Button>
        )}
        <Button type="submit" color={color} loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
