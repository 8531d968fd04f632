import { Button, Group } from '@mantine/core';

const CANCEL = 'Cancel';

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
        {CANCEL}
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
