import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import { applyServerErrors, fieldErrorProp, FormErrorAlert } from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import type { DevicePick } from '../api/pickers';
import { silenceErrorFields, type SilenceFormInput } from '../model/silence-form';
import { SILENCES_TEXTS as T } from '../silence-texts';
import { failedText } from '../texts';
import { SilenceTargetFields } from './silence-target-fields';
import { SilenceWindowFields } from './silence-window-fields';
import { useScopePickers } from './use-scope-pickers';

interface SilenceFormProps<Body extends FieldValues> {
  defaultValues: SilenceFormInput;
  /** The contract's create or update body schema: what it produces is what is sent. */
  resolver: Resolver<SilenceFormInput, unknown, Body>;
  verb: 'create' | 'update';
  /** The saved devices with their names (the form holds only their ids). */
  initialDevices: DevicePick[];
  /** Resolves when saved; rejects with the API failure, whose messages go next to the inputs. */
  onSubmit: (body: Body) => Promise<unknown>;
  onCancel: () => void;
}

/** A silence's name, what it covers, its window and whether open alerts notify at its end. */
export function SilenceForm<Body extends FieldValues>(props: SilenceFormProps<Body>) {
  const { defaultValues, resolver, verb, initialDevices, onSubmit, onCancel } = props;
  const form = useForm<SilenceFormInput, unknown, Body>({ resolver, defaultValues });
  const [devices, setDevices] = useState(initialDevices);
  const [errors, setErrors] = useState<string[]>([]);
  const pickers = useScopePickers();
  const guard = useSubmitGuard();

  const submit = guard(async (body: Body) => {
    setErrors([]);
    try {
      await onSubmit(body);
    } catch (error) {
      const statusText = isApiError(error) ? error.statusText : null;
      toast.error(failedText(T.failed[verb], statusText));
      const shown = { tags: pickers.tags, recurrence: Boolean(form.getValues('recurrence')) };
      setErrors(applyServerErrors(error, silenceErrorFields(shown), form.setError));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Stack gap="md">
          <TextInput
            label={T.name}
            required
            maxLength={255}
            data-autofocus
            {...form.register('name')}
            error={fieldErrorProp(form.formState.errors.name)}
          />
          <SilenceTargetFields
            devices={{ value: devices, onChange: setDevices }}
            tags={pickers.tags}
          />
          <SilenceWindowFields isNew={verb === 'create'} />
          <Controller
            control={form.control}
            name="notify_after"
            render={({ field }) => (
              <Checkbox
                ref={field.ref}
                label={T.notifyAfterLabel}
                description={T.notifyAfterHint}
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
              />
            )}
          />
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
