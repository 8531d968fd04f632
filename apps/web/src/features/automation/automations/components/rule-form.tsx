import { Button, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { AutomationPreview } from '@netfleet/contracts';
import { FormErrorAlert, zodResolver } from '@/components/form-errors';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { usePreview } from '../api/preview';
import { applyRuleErrors } from '../model/rule-errors';
import { ruleFormSchema, type RuleFormInput, type RuleFormOutput } from '../model/rule-form';
import { AUTOMATIONS_TEXTS as T, failedText } from '../texts';
import { ActionList } from './action-list';
import { ConditionList } from './condition-list';
import { GeneralFields } from './general-fields';
import { PreviewPanel } from './preview-panel';
import { type NewRuleDevices, ScopeFields, type ScopePickers } from './scope-fields';
import { TimingFields } from './timing-fields';

const resolver = zodResolver(ruleFormSchema);
const PREVIEW_HOURS = 24;

interface RuleFormProps {
  defaultValues: RuleFormInput;
  /** A saved rule: the preview counts its assigned devices as in scope. */
  automationId?: number | undefined;
  verb: 'create' | 'update';
  pickers: ScopePickers;
  devices?: NewRuleDevices | undefined;
  /** Resolves when saved; rejects with the API failure, whose messages go next to the inputs. */
  onSubmit: (body: RuleFormOutput) => Promise<unknown>;
  onCancel: () => void;
}

function Section({ children }: { children: React.ReactNode }) {
  return (
    <Paper withBorder p="md">
      {children}
    </Paper>
  );
}

/** The rule editor: the create body, checked by the contract before anything is sent. */
export function RuleForm(props: RuleFormProps) {
  const { defaultValues, automationId, verb, pickers, devices, onSubmit, onCancel } = props;
  const form = useForm<RuleFormInput, unknown, RuleFormOutput>({ resolver, defaultValues });
  const [errors, setErrors] = useState<string[]>([]);
  const [preview, setPreview] = useState<{ result?: AutomationPreview; error: string | null }>({
    error: null,
  });
  const previewMutation = usePreview();
  const guard = useSubmitGuard();
  const scope = { scope: pickers.tags || pickers.companies };

  const submit = guard(async (body: RuleFormOutput) => {
    setErrors([]);
    try {
      await onSubmit(body);
    } catch (error) {
      const statusText = isApiError(error) ? error.statusText : null;
      toast.error(failedText(T.failed[verb], statusText));
      setErrors(applyRuleErrors(error, form.getValues(), form.setError, scope));
    }
  });

  const runPreview = form.handleSubmit(async (body) => {
    setPreview({ error: null });
    try {
      const result = await previewMutation.mutateAsync({
        ...body,
        id: automationId,
        // Devices picked for a new rule count as in scope, as they will once it is saved.
        device_ids: devices?.value.map((device) => device.id) ?? [],
        hours: PREVIEW_HOURS,
      });
      setPreview({ result, error: null });
    } catch (error) {
      const others = applyRuleErrors(error, form.getValues(), form.setError, scope);
      setPreview({
        error: others[0] ?? (error instanceof Error ? error.message : T.previewFailed),
      });
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Stack gap="md" maw={1100}>
          <Section>
            <Title order={4} mb="sm">
              {T.general}
            </Title>
            <GeneralFields />
          </Section>
          <Section>
            <ConditionList />
            <Divider my="md" />
            <Title order={4} mb="sm">
              {T.timing}
            </Title>
            <TimingFields />
          </Section>
          <Section>
            <ScopeFields pickers={pickers} devices={devices} />
          </Section>
          <Section>
            <ActionList />
          </Section>
          <PreviewPanel
            result={preview.result}
            error={preview.error}
            loading={previewMutation.isPending}
            onPreview={() => void runPreview()}
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
