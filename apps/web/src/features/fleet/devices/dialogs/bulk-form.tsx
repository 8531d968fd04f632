import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDialog } from '@/components/dialogs';
import { DEVICE_TEXTS } from '../texts';

interface BulkFormProps {
  onSubmit: () => void;
  pending: boolean;
  /** A failure that names no device. */
  error: string | null;
  submitLabel?: string;
  children: ReactNode;
}

/** The frame of the bulk dialogs: their fields, the request's error, Cancel and Apply. */
export function BulkForm({
  onSubmit,
  pending,
  error,
  submitLabel = DEVICE_TEXTS.apply,
  children,
}: BulkFormProps) {
  const dialog = useDialog();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => dialog?.close()}>
            {DEVICE_TEXTS.cancel}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
