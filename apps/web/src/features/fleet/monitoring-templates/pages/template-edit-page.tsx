import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { MonitoringTemplate } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useTemplate } from '../api/get-template';
import { useUpdateTemplate } from '../api/save-template';
import { TemplateForm } from '../components/template-form';
import { TEMPLATES_ROUTE } from '../paths';
import type { TemplateFormValues } from '../template-form-schema';
import { TEMPLATE_TEXTS } from '../texts';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

function EditForm({ template }: { template: MonitoringTemplate }) {
  const navigate = useNavigate();
  const { mutateAsync } = useUpdateTemplate(template.id);

  const save = async ({ name, description, parameters }: TemplateFormValues) => {
    await mutateAsync({ name, description, parameters });
    toast.success(TEMPLATE_TEXTS.updated);
    void navigate(TEMPLATES_ROUTE);
  };

  return (
    <TemplateForm
      defaultValues={{
        company_id: template.company_id,
        name: template.name,
        description: template.description,
        parameters: template.parameters.map(({ key, period, enabled }) => ({
          key,
          period,
          enabled,
        })),
      }}
      onSubmit={save}
      onCancel={() => void navigate(TEMPLATES_ROUTE)}
    />
  );
}

function TemplateEditor({ id }: { id: number }) {
  const query = useTemplate(id);
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={TEMPLATE_TEXTS.loading} />
      </Center>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Alert color="red" title={notFound ? TEMPLATE_TEXTS.notFound : TEMPLATE_TEXTS.loadFailed}>
        {notFound ? null : query.error.message}
      </Alert>
    );
  }
  return <EditForm template={query.data} />;
}

/** Route `monitoring-templates.edit` (/monitoring-templates/edit/:id). */
export function TemplateEditPage() {
  const { id = '' } = useParams();
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: TEMPLATE_TEXTS.templates, to: TEMPLATES_ROUTE },
          { label: TEMPLATE_TEXTS.editTemplate },
        ]}
      />
      <Title order={2}>{TEMPLATE_TEXTS.editTemplate}</Title>
      {ID_PATTERN.test(id) ? (
        <TemplateEditor key={id} id={Number(id)} />
      ) : (
        <Alert color="red" title={TEMPLATE_TEXTS.notFound} />
      )}
    </Stack>
  );
}
