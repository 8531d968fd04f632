import { Divider, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { Notice } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { RichText } from '@/components/rich-text';
import { NoticeTypeBadge } from './notice-type-badge';

/** The header's list: type badge, enable time and the sanitised message of each notice. */
export function NoticeList({ notices }: { notices: readonly Notice[] }) {
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {notices.map((notice, index) => (
          <Fragment key={notice.id}>
            {index > 0 && <Divider component="li" aria-hidden />}
            <Stack component="li" gap={6}>
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <NoticeTypeBadge type={notice.type} />
                {notice.enabled_at && (
                  <Text size="xs" c="dimmed">
                    {formatDateTime(notice.enabled_at)}
                  </Text>
                )}
              </Group>
              <RichText html={notice.message} images fz="sm" />
            </Stack>
          </Fragment>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
