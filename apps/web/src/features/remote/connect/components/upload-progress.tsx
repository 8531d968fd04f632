import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { CONNECT_TEXTS } from '../texts';

export interface Upload {
  id: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  error?: string;
}

interface UploadProgressProps {
  uploads: readonly Upload[];
  onClearFinished: () => void;
}

const percent = (upload: Upload) => Math.round(upload.progress * 100);

function statusText(upload: Upload): string {
  if (upload.status === 'done') return CONNECT_TEXTS.uploadDone;
  if (upload.status === 'failed') return upload.error ?? '';
  return `${percent(upload)}%`;
}

const COLOURS = { uploading: 'blue', done: 'green', failed: 'red' } as const;

/** One progress bar per file being (or just) uploaded. */
export function UploadProgress({ uploads, onClearFinished }: UploadProgressProps) {
  if (uploads.length === 0) return null;
  const finished = uploads.some((upload) => upload.status !== 'uploading');
  return (
    <Paper withBorder p="sm" component="section" aria-label={CONNECT_TEXTS.uploads}>
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={500}>
          {CONNECT_TEXTS.uploads}
        </Text>
        {finished && (
          <Button size="compact-xs" variant="subtle" onClick={onClearFinished}>
            {CONNECT_TEXTS.clearUploads}
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        {uploads.map((upload) => (
          <div key={upload.id}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate>
                {upload.name}
              </Text>
              <Text size="xs" c={upload.status === 'failed' ? 'red' : 'dimmed'}>
                {statusText(upload)}
              </Text>
            </Group>
            <Progress
              aria-label={upload.name}
              value={upload.status === 'failed' ? 100 : percent(upload)}
              color={COLOURS[upload.status]}
              striped={upload.status === 'uploading'}
              animated={upload.status === 'uploading'}
            />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
