import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ReportTemplate } from '@netfleet/contracts';
import { dialogs, useDialog } from '@/components/dialogs';
import { reportsKeys } from '../api/keys';
import { useGenerationStatus } from '../api/use-generation-status';
import { REPORT_TEXTS as T } from '../texts';

/** Links come from the server: only the console's own pages are followed. */
const inApp = (link: string | undefined) =>
  link !== undefined && link.startsWith('/') && !link.startsWith('//') ? link : undefined;

interface GenerationStatusProps {
  template: Pick<ReportTemplate, 'id' | 'name'>;
  channel: string;
}

/**
 * A generation followed on its status channel: what it is doing, then the generated report's
 * link (or why it failed). The lists reload once it ended.
 */
export function GenerationStatus({ template, channel }: GenerationStatusProps) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const { updates, latest, error } = useGenerationStatus(channel, template.id);
  const ended = latest?.status === 'completed' || latest?.status === 'error';
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: reportsKeys.all });
  }, [ended, queryClient]);

  // A warning (mailing failed) is shown apart; the loader says what is under way.
  const warning = updates.find((update) => update.status === 'warning');
  const progress = updates.findLast((update) => update.status !== 'warning');
  const link = inApp(updates.findLast((update) => update.link)?.link);
  let state;
  if (latest?.status === 'completed') {
    state = (
      <Alert color="green" title={latest.value}>
        {link && (
          <Button component={Link} to={link} size="xs" mt="xs" onClick={() => dialog?.close()}>
            {T.openReport}
          </Button>
        )}
      </Alert>
    );
  } else if (latest?.status === 'error') {
    state = <Alert color="red" title={latest.value} />;
  } else if (error && !latest) {
    state = (
      <Alert color="red" title={T.generateFailed}>
        {error.message}
      </Alert>
    );
  } else {
    state = (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{progress?.value ?? T.waiting}</Text>
      </Group>
    );
  }

  return (
    <Stack gap="md">
      {state}
      {warning && <Alert color="yellow" title={warning.value} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => dialog?.close()}>
          {T.close}
        </Button>
      </Group>
    </Stack>
  );
}

/** Shows a generation that started (POST /reports/{id}/generate answered its channel). */
export function openGenerationDialog(
  template: Pick<ReportTemplate, 'id' | 'name'>,
  channel: string,
) {
  dialogs.open({
    id: `reports.generate.${template.id}`,
    title: T.generating(template.name),
    content: <GenerationStatus template={template} channel={channel} />,
  });
}
