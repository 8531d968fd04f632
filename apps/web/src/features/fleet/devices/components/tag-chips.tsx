import { Badge, Group } from '@mantine/core';
import type { Device } from '@netfleet/contracts';

/** A device's tags as small chips in their own colours. */
export function TagChips({ tags }: { tags: Device['tags'] | undefined }) {
  if (!tags?.length) return null;
  return (
    <Group gap={4} wrap="wrap">
      {tags.map((tag) => (
        <Badge
          key={tag.id}
          size="sm"
          variant="light"
          color={tag.color ?? 'gray'}
          style={{ textTransform: 'none' }}
        >
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
}
