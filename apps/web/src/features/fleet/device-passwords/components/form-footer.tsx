import { Button, Group, Stack } from '@mantine/core';
import { useDialog } from '@/components/dialogs';
import { FormErrorAlert } from '@/components/form-errors';
import type { DeviceFailure } from '../model/batch-result';
import { PASSWORD_TEXTS as T } from '../texts';
import { FailureList } from './failure-list';

interface FormFooterProps {
  submitLabel: string;
  waiting: boolean;
  errors: readonly string[];
  failures: readonly DeviceFailure[];
}

/** What a refused submit left to say, then cancel and submit. */
export function FormFooter({ submitLabel, waiting, errors, failures }: FormFooterProps) {
  const dialog = useDialog();
  return (
    <Stack gap="md">
      <FailureList failures={failures} />
      <FormErrorAlert messages={errors} />
      <Group justify="flex-end">
        {dialog && (
          <Button variant="default" onClick={dialog.close}>
            {T.cancel}
          </Button>
        )}
        <Button type="submit" loading={waiting}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
