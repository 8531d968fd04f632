import { Alert, Stack, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { Automation } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { toast } from '@/components/toasts';
import { useAutomation } from '../api/get-automation';
import { useUpdateAutomation } from '../api/save-automation';
import { RuleForm } from '../components/rule-form';
import { useScopePickers } from '../components/use-scope-pickers';
import { ruleFormOf } from '../model/rule-form';
import { automationPath, AUTOMATIONS_ROUTE, ID_PATTERN } from '../paths';
import { AUTOMATIONS_TEXTS as T } from '../texts';

function EditForm({ automation }: { automation: Automation }) {
  const navigate = useNavigate();
  const { mutateAsync } = useUpdateAutomation(automation.id);
  const pickers = useScopePickers();
  const back = () => void navigate(automationPath(automation.id));

  return (
    <RuleForm
      defaultValues={ruleFormOf(automation)}
      automationId={automation.id}
      verb="update"
      pickers={pickers}
      onSubmit={async (body) => {
        // The owner stays: an update names no company.
        const { company_id: _company, ...update } = body;
        await mutateAsync(update);
        toast.success(T.updated);
        back();
      }}
      onCancel={back}
    />
  );
}

function AutomationEditor({ id }: { id: number }) {
  const result = useAutomation(id);
  return (
    <QueryState result={result} notFoundTitle={T.notFound} hideNotFoundMessage>
      {(automation) => <EditForm automation={automation} />}
    </QueryState>
  );
}

/** Route `automations.edit`: the rule's new version applies from the next reading. */
export function AutomationEditPage() {
  const { id = '' } = useParams();
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: T.title, to: AUTOMATIONS_ROUTE }, { label: T.editAutomation }]}
      />
      <Title order={2}>{T.editAutomation}</Title>
      {ID_PATTERN.test(id) ? (
        <AutomationEditor key={id} id={Number(id)} />
      ) : (
        <Alert color="red" title={T.notFound} />
      )}
    </Stack>
  );
}
