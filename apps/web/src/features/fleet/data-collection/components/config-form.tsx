import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { DataCollectConfigBody } from '@netfleet/contracts';
import { FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { applyConfigErrors } from '../model/config-errors';
import { configFormSchema, type ConfigFormInput } from '../model/config-form';
import { DATA_COLLECTION_TEXTS as T } from '../texts';
import { ConfigFields } from './config-fields';
import { EndpointList } from './endpoint-list';

const resolver = zodResolver(configFormSchema);

interface ConfigFormProps {
  defaultValues: ConfigFormInput;
  /** Creating with view_companies: the owner can be picked, starting from this company. */
  companyPicker?: { id: number; name: string } | undefined;
  /** Resolves when saved; rejects with the API failure, whose messages go next to the inputs. */
  onSubmit: (body: DataCollectConfigBody) => Promise<unknown>;
  onCancel: () => void;
}

/** A config's settings and its endpoints, checked by the contract before anything is sent. */
export function ConfigForm({ defaultValues, companyPicker, onSubmit, onCancel }: ConfigFormProps) {
  const form = useForm<ConfigFormInput, unknown, DataCollectConfigBody>({
    resolver,
    defaultValues,
  });
  const [errors, setErrors] = useState<string[]>([]);
  const guard = useSubmitGuard();
  const submit = guard(async (body: DataCollectConfigBody) => {
    setErrors([]);
    try {
      await onSubmit(body);
    } catch (error) {
      setErrors(
        applyConfigErrors(error, form.getValues(), form.setError, {
          company: companyPicker !== undefined,
        }),
      );
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Stack gap="md" maw={1100}>
          <ConfigFields companyPicker={companyPicker} />
          <EndpointList />
          <FormErrorAlert messages={errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {T.cancel}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
