import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EMAIL_CONFIGURATION_SORT_FIELDS, type EmailConfiguration } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { DataTable, useTableQueryState } from '@/components/data-table';
import { alertDialog, confirmDialog, promptDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { actionFailureMessage, actionSuccessMessage } from '@/lib/messages';
import { useDeleteEmailConfiguration } from '../api/delete-email-configuration';
import { useEmailConfigurations } from '../api/get-email-configurations';
import { useTestEmailConfiguration } from '../api/test-email-configuration';
import { EMAIL_SMTP_COLUMNS, emailSmtpColumns } from '../components/email-smtp-columns';
import { smtpConfigCreateForm } from '../forms/smtp-config-create';
import { smtpConfigEditForm, smtpConfigEditValues } from '../forms/smtp-config-edit';
import { EMAIL_SMTP_TEXTS as TEXTS } from '../texts';

const BREADCRUMBS = [{ label: TEXTS.parent }, { label: TEXTS.pageTitle }];

const serverMessage = (error: unknown) => (isApiError(error) ? error.errors[0]?.message : null);

/**
 * /email-smtp (manage_smtp, which is also the write permission): the companies' own SMTP servers,
 * with a test send through each.
 */
export function EmailSmtpPage() {
  const user = useCurrentUser();
  const state = useTableQueryState({
    columns: EMAIL_SMTP_COLUMNS,
    defaultSort: 'name',
    sortFields: EMAIL_CONFIGURATION_SORT_FIELDS,
  });
  const result = useEmailConfigurations(state.query);
  const remove = useDeleteEmailConfiguration();
  const test = useTestEmailConfiguration();

  const onDelete = async (configuration: EmailConfiguration) => {
    const confirmed = await confirmDialog({
      title: TEXTS.removeTitle,
      message: TEXTS.removeConfirm(configuration.name),
      confirmText: TEXTS.remove,
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(configuration.id, {
      onSuccess: () => toast.success(actionSuccessMessage(TEXTS.item, 'remove')),
      onError: (error) =>
        toast.error(
          actionFailureMessage({
            item: TEXTS.item,
            verb: 'remove',
            serverMessage: serverMessage(error),
            statusText: isApiError(error) ? error.statusText : null,
          }),
        ),
    });
  };

  const onTest = async (configuration: EmailConfiguration) => {
    const to = await promptDialog({
      title: TEXTS.testTitle,
      label: TEXTS.testLabel,
      initialValue: user.email,
      confirmText: TEXTS.testConfirm,
    });
    if (to === null) return;
    test.mutate(
      { id: configuration.id, body: { to } },
      {
        onSuccess: () => toast.success(TEXTS.testSent),
        // The SMTP server's own words say what to fix (wrong password, refused sender...).
        onError: (error) => void alertDialog({ message: error.message }),
      },
    );
  };

  const columns = emailSmtpColumns({
    onEdit: (configuration) =>
      openFormDialog(smtpConfigEditForm, {
        id: String(configuration.id),
        initialValues: smtpConfigEditValues(configuration),
      }),
    onTest: (configuration) => void onTest(configuration),
    onDelete: (configuration) => void onDelete(configuration),
    testing: test.isPending ? test.variables.id : null,
  });

  return (
    <Stack gap="md">
      <PageBreadcrumbs items={BREADCRUMBS} />
      <Group justify="space-between">
        <Title order={2}>{TEXTS.pageTitle}</Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => openFormDialog(smtpConfigCreateForm)}
        >
          {TEXTS.create}
        </Button>
      </Group>
      <DataTable
        label={TEXTS.tableLabel}
        tableId="email-smtp"
        columns={columns}
        state={state}
        result={result}
        emptyMessage={TEXTS.empty}
        searchPlaceholder={TEXTS.search}
      />
    </Stack>
  );
}
