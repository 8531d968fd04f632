import { Button, Divider, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { executeTaskGroupAnswerSchema, type TaskGroupDetail } from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { FormErrorAlert, zodResolver } from '@/components/form-errors';
import { useFormSubmit } from '@/components/form-submit';
import { executeTaskGroup } from '../api/execute-task-group';
import { deviceTasksKeys } from '../api/keys';
import {
  runFormDefaults,
  runFormSchema,
  type RunFormInput,
  type RunFormValues,
} from '../model/run-form';
import { formErrorMap } from '../model/form-error-map';
import { serverFieldsOf } from '../model/run-form-fields';
import { stepVariables } from '../model/variables';
import { runSearch, TASK_MANAGER_ROUTE } from '../paths';
import { TASK_TEXTS as T } from '../texts';
import { RunSchedule } from './run-schedule';
import { RunTargets } from './run-targets';
import { RunVariables } from './run-variables';

const resolver = zodResolver(runFormSchema, { error: formErrorMap });

/** Runs the group on the chosen targets, now, later or repeatedly, then shows the (first) run. */
export function RunForm({ group }: { group: TaskGroupDetail }) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const variables = useMemo(() => stepVariables(group.tasks), [group.tasks]);
  const form = useForm<RunFormInput, unknown, RunFormValues>({
    resolver,
    defaultValues: runFormDefaults(variables),
  });
  const [start, repeat] = useWatch({ control: form.control, name: ['start', 'repeat'] });
  const serverFields = serverFieldsOf(start, repeat);
  const submitter = useFormSubmit<RunFormValues>({
    request: (body) => executeTaskGroup(group.id, body),
    successMessage: T.runStarted,
    invalidate: [deviceTasksKeys.all],
    // The run's own view follows every device; the generic status dialog would repeat it.
    actionStatus: false,
    fields: Object.keys(serverFields),
    setFieldError: (source, message) => {
      const field = serverFields[source];
      if (field) form.setError(field, { type: 'server', message });
    },
    onSuccess: (response) => {
      const runId = executeTaskGroupAnswerSchema.parse(response).meta.run_id;
      void navigate({ pathname: TASK_MANAGER_ROUTE, search: runSearch(runId) });
    },
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submitter.submit)(event)}>
        <Stack gap="md">
          <RunTargets />
          <Divider />
          <RunSchedule />
          {variables.length > 0 && <Divider />}
          <RunVariables variables={variables} />
          <FormErrorAlert messages={submitter.errors} />
          <Group justify="flex-end">
            {dialog && (
              <Button variant="default" onClick={dialog.close}>
                {T.cancel}
              </Button>
            )}
            <Button type="submit" loading={submitter.state === 'waiting'}>
              {T.startRun}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
