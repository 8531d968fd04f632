import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { hasPermission } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { toast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useCreateTemplate } from '../api/save-template';
import { TemplateForm } from '../components/template-form';
import { defaultParameters } from '../parameters';
import { TEMPLATES_ROUTE } from '../paths';
import type { TemplateFormValues } from '../template-form-schema';
import { TEMPLATE_TEXTS } from '../texts';

/** Route `monitoring-templates.create`: every category at its default period to start with. */
export function TemplateCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { mutateAsync } = useCreateTemplate();
  const canPickCompany = hasPermission(user.permissions, 'view_companies');

  const save = async (values: TemplateFormValues) => {
    await mutateAsync(values);
    toast.success(TEMPLATE_TEXTS.created);
    void navigate(TEMPLATES_ROUTE);
  };

  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: TEMPLATE_TEXTS.templates, to: TEMPLATES_ROUTE },
          { label: TEMPLATE_TEXTS.newTemplate },
        ]}
      />
      <Title order={2}>{TEMPLATE_TEXTS.newTemplate}</Title>
      <TemplateForm
        defaultValues={{
          company_id: user.company_id,
          name: '',
          description: '',
          parameters: defaultParameters(),
        }}
        companyPicker={
          canPickCompany ? { id: user.company_id, name: user.company_name } : undefined
        }
        onSubmit={save}
        onCancel={() => void navigate(TEMPLATES_ROUTE)}
      />
    </Stack>
  );
}
