import { Button, Popover, Text, VisuallyHidden } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { isAbortError } from '@/lib/api-client';
import { useRealtimeEvent } from '@/lib/realtime';
import { useNotices } from '../api/get-notices';
import { NOTICES_TEXTS } from '../texts';
import { NoticeList } from './notice-list';
import { isImportant, useNoticesSeenAt } from './notices-seen';

/** Reloads the notices on every navigation (spec §4) and when an admin changes them (live). */
function useLiveNotices() {
  const query = useNotices();
  const { refetch } = query;
  const { key } = useLocation();
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    void refetch();
  }, [key, refetch]);
  useRealtimeEvent('NoticesChanged', () => void refetch());
  return query;
}

/** Header control of spec §2/§4: 'Important' until seen; a failed load hides it (spec §8). */
export function NoticesControl() {
  const { data, isError, error } = useLiveNotices();
  const [seenAt, markSeen] = useNoticesSeenAt();
  const [opened, setOpened] = useState(false);
  // A request cancelled by the route change is not a failure: the reload follows right away.
  const failed = isError && !isAbortError(error);
  const notices = failed ? [] : (data ?? []);
  if (notices.length === 0) return null;
  const important = isImportant(notices, seenAt);

  const change = (next: boolean) => {
    setOpened(next);
    markSeen();
  };

  return (
    <Popover
      opened={opened}
      onChange={change}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
    >
      <Popover.Target>
        <Button
          size="xs"
          variant={important ? 'filled' : 'subtle'}
          color={important ? 'red' : 'gray'}
          leftSection={<IconSpeakerphone size={16} />}
          onClick={() => change(!opened)}
          aria-expanded={opened}
          aria-haspopup="dialog"
        >
          <VisuallyHidden>{NOTICES_TEXTS.control}</VisuallyHidden>
          {important && <span>{NOTICES_TEXTS.important}</span>}
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={NOTICES_TEXTS.listTitle}>
        <Text fw={600} size="sm" mb="xs">
          {NOTICES_TEXTS.listTitle}
        </Text>
        <NoticeList notices={notices} />
      </Popover.Dropdown>
    </Popover>
  );
}
