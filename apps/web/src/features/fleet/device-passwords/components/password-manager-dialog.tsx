import { SegmentedControl, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { hasPermission } from '@netfleet/contracts';
import type { DialogOptions } from '@/components/dialogs';
import { useCurrentUser } from '@/lib/current-user';
import type { BatchResult } from '../model/batch-result';
import type { PasswordDevice } from '../model/password-forms';
import { PASSWORD_TEXTS as T } from '../texts';
import { BatchResultView } from './batch-result-view';
import { GenerateForm } from './generate-form';
import { PasswordTasks } from './password-tasks';
import { SetForm } from './set-form';

const MODES = [
  { value: 'generate', label: T.generate },
  { value: 'set', label: T.set },
] as const;
type Mode = (typeof MODES)[number]['value'];
const isMode = (value: string) => MODES.find((mode) => mode.value === value)?.value;

type Tab = 'change' | 'tasks';

/** Generate or set the passwords, then the outcome with its download, which replaces the form. */
function ChangePasswords({ devices }: PasswordManagerDialogProps) {
  const [mode, setMode] = useState<Mode>('generate');
  const [result, setResult] = useState<BatchResult | null>(null);
  if (result) return <BatchResultView result={result} devices={devices} />;
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={T.mode}
        data={[...MODES]}
        value={mode}
        onChange={(value) => setMode(isMode(value) ?? mode)}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'generate' ? (
        <GenerateForm devices={devices} onDone={setResult} />
      ) : (
        <SetForm devices={devices} onDone={setResult} />
      )}
    </Stack>
  );
}

export interface PasswordManagerDialogProps {
  devices: readonly PasswordDevice[];
}

/**
 * Spec device action 'password manager': new passwords for the devices chosen (update_devices),
 * and the recent password tasks with their one download (view_devices to see them). The change
 * stays mounted behind the other tab, so its outcome and download are still there on return; the
 * tasks are read again each time they are shown, with a change made meanwhile.
 */
export function PasswordManagerDialog({ devices }: PasswordManagerDialogProps) {
  const { permissions } = useCurrentUser();
  const canChange = hasPermission(permissions, 'update_devices');
  const canView = hasPermission(permissions, 'view_devices');
  const [tab, setTab] = useState<Tab>(canChange ? 'change' : 'tasks');
  return (
    <Tabs
      value={tab}
      onChange={(value) => setTab(value === 'tasks' ? 'tasks' : 'change')}
      keepMounted={false}
    >
      <Tabs.List>
        {canChange && <Tabs.Tab value="change">{T.change}</Tabs.Tab>}
        {canView && <Tabs.Tab value="tasks">{T.tasks}</Tabs.Tab>}
      </Tabs.List>
      {canChange && (
        <Tabs.Panel value="change" pt="md" keepMounted>
          <ChangePasswords devices={devices} />
        </Tabs.Panel>
      )}
      {canView && (
        <Tabs.Panel value="tasks" pt="md">
          <PasswordTasks canDownload={canChange} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}

/**
 * The dialog as the main one; the app layer registers it as the named dialog
 * 'device-actions.password-manager', which the devices list opens for its rows.
 */
export function passwordManagerDialog(props: PasswordManagerDialogProps): DialogOptions {
  return {
    id: 'device-actions.password-manager',
    title: T.title,
    subtitle: T.devices(props.devices.length),
    size: 'lg',
    main: true,
    content: <PasswordManagerDialog devices={props.devices} />,
  };
}
