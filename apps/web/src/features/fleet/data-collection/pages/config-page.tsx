import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { DataCollectConfig } from '@netfleet/contracts';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { useConfig } from '../api/get-config';
import { ConfigSummary } from '../components/config-summary';
import { ConfigTabs } from '../components/config-tabs';
import { useRemoveConfig } from '../components/use-remove-config';
import { DATA_COLLECTION_ROUTE, editConfigPath, ID_PATTERN } from '../paths';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

function ConfigDetails({ config }: { config: DataCollectConfig }) {
  const navigate = useNavigate();
  const remove = useRemoveConfig();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{config.config.name}</Title>
        <Group gap="xs">
          <Button
            component={Link}
            to={editConfigPath(config.id)}
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {T.edit}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() =>
              remove(
                { id: config.id, name: config.config.name },
                () => void navigate(DATA_COLLECTION_ROUTE),
              )
            }
          >
            {T.delete}
          </Button>
        </Group>
      </Group>
      <ConfigSummary config={config} />
      <ConfigTabs config={config} />
    </Stack>
  );
}

function ConfigView({ id }: { id: number }) {
  const result = useConfig(id);
  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: T.title, to: DATA_COLLECTION_ROUTE },
          { label: result.data?.config.name ?? T.config },
        ]}
      />
      <QueryState result={result} notFoundTitle={T.notFound} hideNotFoundMessage>
        {(config) => <ConfigDetails config={config} />}
      </QueryState>
    </Stack>
  );
}

/** Route `data-collection.item`: one config, the devices collecting it, their logs and data. */
export function ConfigPage() {
  const { id = '' } = useParams();
  if (ID_PATTERN.test(id)) return <ConfigView key={id} id={Number(id)} />;
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: T.title, to: DATA_COLLECTION_ROUTE }]} />
      <Alert color="red" title={T.notFound} />
    </Stack>
  );
}
