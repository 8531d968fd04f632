import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { toast } from '@/components/toasts';
import { assignDevices } from '../api/assign-devices';
import type { DevicePick } from '../api/pickers';
import { useCreateAutomation } from '../api/save-automation';
import { RuleForm } from '../components/rule-form';
import { useScopePickers } from '../components/use-scope-pickers';
import { newRuleForm } from '../model/rule-form';
import { automationPath, AUTOMATIONS_ROUTE } from '../paths';
import { AUTOMATIONS_TEXTS as T } from '../texts';

/** Route `automations.create`: a rule of the user's company; picked devices are assigned after. */
export function AutomationCreatePage() {
  const navigate = useNavigate();
  const { mutateAsync } = useCreateAutomation();
  const pickers = useScopePickers();
  const [devices, setDevices] = useState<DevicePick[]>([]);
  const [defaultValues] = useState(newRuleForm);

  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: T.title, to: AUTOMATIONS_ROUTE }, { label: T.newAutomation }]}
      />
      <Title order={2}>{T.newAutomation}</Title>
      <RuleForm
        defaultValues={defaultValues}
        verb="create"
        pickers={pickers}
        devices={{ value: devices, onChange: setDevices }}
        onSubmit={async (body) => {
          const created = await mutateAsync(body);
          toast.success(T.created);
          if (!created) {
            void navigate(AUTOMATIONS_ROUTE);
            return;
          }
          if (devices.length > 0) {
            try {
              await assignDevices(
                created.id,
                devices.map((device) => device.id),
              );
              toast.success(T.assigned);
            } catch (error) {
              // The rule is saved: the devices can be assigned again on its page.
              toast.error(error instanceof Error ? error.message : T.assignDevices);
            }
          }
          void navigate(automationPath(created.id));
        }}
        onCancel={() => void navigate(AUTOMATIONS_ROUTE)}
      />
    </Stack>
  );
}
