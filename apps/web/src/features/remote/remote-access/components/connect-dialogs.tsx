import type { AccessRule } from '@netfleet/contracts';
import { dialogs, type DialogOptions } from '@/components/dialogs';
import { connectAccess, connectCli, connectWebUi, type CliProtocol } from '../api/connect';
import { targetLabel } from '../model/protocols';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';
import { ConnectForm } from './connect-form';

/** The device a device action opens: what the named dialogs receive. */
export interface DeviceRef {
  id: number;
  name: string;
}

type RuleRef = Pick<AccessRule, 'id' | 'name' | 'protocol' | 'destination_ip' | 'destination_port'>;

/** Connect through an access rule: how long the link lives, then the session opens. */
export function connectDialog(rule: RuleRef): DialogOptions {
  return {
    id: 'remote-access.connect',
    title: T.connectTitle(rule.name),
    subtitle: targetLabel(rule),
    size: 'sm',
    main: true,
    content: <ConnectForm start={({ duration }) => connectAccess(rule.id, { duration })} />,
  };
}

/** Device action 'web UI' (named dialog device-actions.web-ui). */
export function webUiDialog(device: DeviceRef): DialogOptions {
  return {
    id: 'device-actions.web-ui',
    title: T.webUiTitle,
    subtitle: device.name,
    size: 'sm',
    main: true,
    content: <ConnectForm start={({ duration }) => connectWebUi(device.id, { duration })} />,
  };
}

/** Device action 'CLI' (named dialog device-actions.cli): SSH by default, or Telnet. */
export function cliDialog(device: DeviceRef & { protocol?: CliProtocol }): DialogOptions {
  return {
    id: 'device-actions.cli',
    title: T.cliTitle,
    subtitle: device.name,
    size: 'sm',
    main: true,
    content: (
      <ConnectForm
        protocol={device.protocol ?? 'ssh'}
        start={({ duration, protocol }) => connectCli(device.id, { duration, protocol })}
      />
    ),
  };
}

export const openConnectDialog = (rule: RuleRef) => dialogs.open(connectDialog(rule));
export const openWebUiDialog = (device: DeviceRef) => dialogs.open(webUiDialog(device));
export const openCliDialog = (device: DeviceRef & { protocol?: CliProtocol }) =>
  dialogs.open(cliDialog(device));
