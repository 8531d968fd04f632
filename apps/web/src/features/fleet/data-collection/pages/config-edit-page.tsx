import { Alert, Stack, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import type { DataCollectConfig } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { toast } from '@/components/toasts';
import { openActionStatusFor } from '@/lib/action-status';
import { useConfig } from '../api/get-config';
import { useUpdateConfig } from '../api/save-config';
import { ConfigForm } from '../components/config-form';
import { configFormOf } from '../model/config-form';
import { configPath, DATA_COLLECTION_ROUTE, ID_PATTERN } from '../paths';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

function EditForm({ config }: { config: DataCollectConfig }) {
  const navigate = useNavigate();
  const { mutateAsync } = useUpdateConfig(config.id);
  const back = () => void navigate(configPath(config.id));

  return (
    <ConfigForm
      defaultValues={configFormOf(config)}
      onSubmit={async (body) => {
        const response = await mutateAsync(body);
        toast.success(T.updated);
        // The devices collecting it get the new version: their jobs are followed.
        openActionStatusFor(response, { title: T.jobTitle(config.config.name) });
        back();
      }}
      onCancel={back}
    />
  );
}

function ConfigEditor({ id }: { id: number }) {
  const result = useConfig(id);
  return (
    <QueryState result={result} notFoundTitle={T.notFound} hideNotFoundMessage>
      {(config) => <EditForm config={config} />}
    </QueryState>
  );
}

/** Route `data-collection.edit`: devices collecting the config get the saved version. */
export function ConfigEditPage() {
  const { id = '' } = useParams();
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: T.title, to: DATA_COLLECTION_ROUTE }, { label: T.editConfig }]}
      />
      <Title order={2}>{T.editConfig}</Title>
      {ID_PATTERN.test(id) ? (
        <ConfigEditor key={id} id={Number(id)} />
      ) : (
        <Alert color="red" title={T.notFound} />
      )}
    </Stack>
  );
}
