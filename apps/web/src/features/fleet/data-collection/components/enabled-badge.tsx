import { Badge } from '@mantine/core';
import { DATA_COLLECTION_TEXTS as T } from '../texts';

export function EnabledBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge variant="light" color={enabled ? 'green' : 'gray'}>
      {enabled ? T.yes : T.no}
    </Badge>
  );
}
