import { Group, Progress, Stack, Text } from '@mantine/core';

interface UploadProgressProps {
  /** Share sent so far, 0 to 1. */
  fraction: number;
  /** What to tell the user while it runs ('Uploading…'). */
  label: string;
}

/** A determinate bar with the percentage sent; at 100 % the server is still checking the file. */
export function UploadProgress({ fraction, label }: UploadProgressProps) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <Stack gap={4}>
      <Progress value={percent} animated={percent < 100} aria-label={`${label} ${percent}%`} />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {percent}%
        </Text>
      </Group>
    </Stack>
  );
}
