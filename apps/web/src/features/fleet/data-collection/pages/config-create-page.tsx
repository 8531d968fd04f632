import { Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { hasPermission } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { toast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useCreateConfig } from '../api/save-config';
import { ConfigForm } from '../components/config-form';
import { newConfigForm } from '../model/config-form';
import { configPath, DATA_COLLECTION_ROUTE } from '../paths';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

/** Route `data-collection.create`: a config of the user's company, one endpoint to start with. */
export function ConfigCreatePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { mutateAsync } = useCreateConfig();
  const canPickCompany = hasPermission(user.permissions, 'view_companies');

  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: T.title, to: DATA_COLLECTION_ROUTE }, { label: T.newConfig }]}
      />
      <Title order={2}>{T.newConfig}</Title>
      <ConfigForm
        defaultValues={newConfigForm(user.company_id)}
        companyPicker={
          canPickCompany ? { id: user.company_id, name: user.company_name } : undefined
        }
        onSubmit={async (body) => {
          const { id } = await mutateAsync(body);
          toast.success(T.created);
          void navigate(configPath(id));
        }}
        onCancel={() => void navigate(DATA_COLLECTION_ROUTE)}
      />
    </Stack>
  );
}
