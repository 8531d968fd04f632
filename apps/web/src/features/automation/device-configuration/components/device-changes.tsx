import { Button, Code, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { OPEN_DEVICE_JOB_STATES, type ConfigActionKind } from '@netfleet/contracts';
import { openNamedDialog } from '@/components/dialogs';
import type { ActionDeviceRow } from '../api/get-action-devices';
import { CONFIG_TEXTS as T } from '../texts';
import { ChangesDiff } from './changes-diff';

/** The values in the JSON viewer: the whole document, with copy and download. */

const isOpen = (status: ActionDeviceRow['status']) =>
  OPEN_DEVICE_JOB_STATES.some((state) => state === status);

/** A button that shows and hides what it names, below it. */
function Expandable({ label, children }: { label: string; children: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const Icon = expanded ? IconChevronDown : IconChevronRight;
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="subtle"
        size="compact-sm"
        aria-expanded={expanded}
        aria-controls={id}
        leftSection={<Icon size={14} aria-hidden />}
        onClick={() => setExpanded((open) => !open)}
      >
        {label}
      </Button>
      <div id={id} hidden={!expanded}>
        {expanded && children}
      </div>
    </Stack>
  );
}

/**
 * What one device did: its changes (or, for a read, the values it returned), expandable. A
 * device still working has none yet; one that has finished without any changed nothing.
 */
export function DeviceChanges({
  device,
  kind,
}: {
  device: ActionDeviceRow;
  kind: ConfigActionKind;
}) {
  if (kind === 'read' && device.values !== null) {
    return (
      <Expandable label={T.showValues}>
        <Code
          block
          role="figure"
          aria-label={T.valuesOf(device.device_name)}
          mah={320}
          style={{ overflow: 'auto' }}
        >
          {JSON.stringify(device.values, null, 2)}
        </Code>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() =>
            void openNamedDialog('json-viewer', {
              title: T.valuesOf(device.device_name),
              value: device.values,
            })
          }
        >
          {T.openInViewer}
        </Button>
      </Expandable>
    );
  }
  if (device.changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {isOpen(device.status) ? T.none : T.noChanges}
      </Text>
    );
  }
  return (
    <Expandable label={T.showChanges(device.changes.length)}>
      <ChangesDiff label={T.changesOf(device.device_name)} changes={device.changes} />
    </Expandable>
  );
}
