import { hasPermission, type ConfigTemplate } from '@netfleet/contracts';
import { useDialog } from '@/components/dialogs';
import { QueryState } from '@/components/query-state';
import { toast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useTemplate } from '../api/get-template';
import { useCreateTemplate, useUpdateTemplate } from '../api/save-template';
import { newTemplateForm, templateFormOf, type TemplateFormValues } from '../model/template-form';
import { CONFIG_TEXTS as T } from '../texts';
import { TemplateForm } from './template-form';

/** A new template of the user's company (or another one it picks), starting with one request. */
export function CreateTemplate() {
  const user = useCurrentUser();
  const dialog = useDialog();
  const { mutateAsync } = useCreateTemplate();
  const save = async (values: TemplateFormValues) => {
    await mutateAsync(values);
    toast.success(T.templateCreated);
    dialog?.close();
  };
  return (
    <TemplateForm
      defaultValues={newTemplateForm(user.company_id)}
      companyPicker={
        hasPermission(user.permissions, 'view_companies')
          ? { id: user.company_id, name: user.company_name }
          : undefined
      }
      submitLabel={T.create}
      onSubmit={save}
    />
  );
}

function EditForm({ template }: { template: ConfigTemplate }) {
  const dialog = useDialog();
  const { mutateAsync } = useUpdateTemplate(template.id);
  // The company stays: a template never moves to another one.
  const save = async ({ company_id: _company, ...body }: TemplateFormValues) => {
    await mutateAsync(body);
    toast.success(T.templateUpdated);
    dialog?.close();
  };
  return (
    <TemplateForm defaultValues={templateFormOf(template)} submitLabel={T.save} onSubmit={save} />
  );
}

/** The saved template, read afresh with its requests, in the same form. */
export function EditTemplate({ templateId }: { templateId: number }) {
  const result = useTemplate(templateId);
  return (
    <QueryState result={result} notFoundTitle={T.notFound}>
      {(template) => <EditForm template={template} />}
    </QueryState>
  );
}
