import { Button, Group } from '@mantine/core';
import { FILES_TEXTS as T } from '../texts';

interface FormFooterProps {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}

/** Cancel and the submit button of the page's dialogs; the submit spins while the call runs. */
export function FormFooter({ submitLabel, pending, onCancel }: FormFooterProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {T.cancel}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
