import { Stack, Text, Title } from '@mantine/core';
import type { BackupComparison } from '@netfleet/contracts';
import { QueryState } from '@/components/query-state';
import { isApiError } from '@/lib/api-client';
import { useBackupComparison } from '../api/get-backup-comparison';
import { UPDATE_TEXTS as T } from '../texts';
import { FileChangesTable } from './file-changes-table';
import { OptionChangesTable } from './option-changes-table';

// A refusal (a file that is not a backup, one that is gone) answers the same when asked again.
const isRefusal = (error: Error) => isApiError(error) && error.status >= 400 && error.status < 500;

function Comparison({ comparison }: { comparison: BackupComparison }) {
  const { changes, files } = comparison;
  return (
    <Stack gap="md">
      <Title order={4}>{T.configChanges}</Title>
      {changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.sameConfiguration}
        </Text>
      ) : (
        <OptionChangesTable changes={changes} />
      )}
      {/* Files beside the configuration, or a configuration file changed without its options. */}
      {files.length > 0 && (
        <>
          <Title order={4}>{T.changedFiles}</Title>
          <FileChangesTable files={files} />
        </>
      )}
    </Stack>
  );
}

/** The comparison of two backups, or why it failed (a file that is not a backup). */
export function BackupComparisonView({ older, newer }: { older: number; newer: number }) {
  const result = useBackupComparison(older, newer);
  return (
    <QueryState result={result} canRetry={(error) => !isRefusal(error)}>
      {(comparison) => <Comparison comparison={comparison} />}
    </QueryState>
  );
}
