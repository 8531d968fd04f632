import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { MAX_MINIMIZED_DIALOGS } from '@netfleet/contracts';
import { MinimizedChip, MinimizedDock } from '@/components/minimized-dock';
import { registerActionStatus, type ActionStatusOptions } from '@/lib/action-status';
import { ActionStatusDialog } from './action-status-dialog';
import { ACTION_STATUS_TEXTS } from './texts';
import { MESSAGE_TEXTS } from '@/lib/messages';

interface Entry {
  channel: string;
  options: ActionStatusOptions;
  minimized: boolean;
}

const titleOf = (entry: Entry) => entry.options.title ?? ACTION_STATUS_TEXTS.title;

/**
 * Registers the 'Action status' opener (lib/action-status) and shows its dialogs: one open at a
 * time, the others minimized to buttons (spec §4 Modals: at most 5, same channel replaces).
 */
export function ActionStatusHost() {
  const [entries, setEntries] = useState<Entry[]>([]);

  useEffect(
    () =>
      registerActionStatus((channel, options) =>
        setEntries((current) => {
          // The newcomer is the main dialog; the previous one steps aside, the oldest goes if full.
          const others = current
            .filter((entry) => entry.channel !== channel)
            .map((entry) => ({ ...entry, minimized: true }));
          const kept = others.slice(Math.max(0, others.length - MAX_MINIMIZED_DIALOGS));
          return [...kept, { channel, options, minimized: false }];
        }),
      ),
    [],
  );

  const close = (channel: string) =>
    setEntries((current) => current.filter((entry) => entry.channel !== channel));
  const setMinimized = (channel: string, minimized: boolean) =>
    setEntries((current) =>
      current.map((entry) =>
        entry.channel === channel
          ? { ...entry, minimized }
          : { ...entry, minimized: minimized ? entry.minimized : true },
      ),
    );
  const minimize = (channel: string) => {
    if (entries.filter((entry) => entry.minimized).length >= MAX_MINIMIZED_DIALOGS) {
      notifications.show({ color: 'orange', message: MESSAGE_TEXTS.tooManyMinimized });
      return;
    }
    setMinimized(channel, true);
  };

  const open = entries.find((entry) => !entry.minimized);
  const minimized = entries.filter((entry) => entry.minimized);
  return (
    <>
      {open && (
        <ActionStatusDialog
          key={open.channel}
          channel={open.channel}
          {...open.options}
          onClose={() => close(open.channel)}
          onMinimize={() => minimize(open.channel)}
        />
      )}
      {minimized.length > 0 && (
        <MinimizedDock label={ACTION_STATUS_TEXTS.minimizedBar}>
          {minimized.map((entry) => (
            <MinimizedChip
              key={entry.channel}
              restoreLabel={ACTION_STATUS_TEXTS.restore(titleOf(entry))}
              closeLabel={`${ACTION_STATUS_TEXTS.close} ${titleOf(entry)}`}
              onRestore={() => setMinimized(entry.channel, false)}
              onClose={() => close(entry.channel)}
            >
              {titleOf(entry)}
            </MinimizedChip>
          ))}
        </MinimizedDock>
      )}
    </>
  );
}
