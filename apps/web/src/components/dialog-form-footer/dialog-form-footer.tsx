import { Button, Group } from '@mantine/core';
import { SHARED_TEXTS } from '@/components/texts';

interface DialogFormFooterProps {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}

/** Cancel and the submit button of a dialog's form; the submit spins while the call runs. */
export function DialogFormFooter({ submitLabel, pending, onCancel }: DialogFormFooterProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {SHARED_TEXTS.cancel}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
