import { dialogs, type DialogOptions } from '@/components/dialogs';
import { VPN_TEXTS as T } from '../texts';
import { QuickConnectForm, type QuickConnectProps } from './quick-connect-form';

/** Spec dialog 'VPN (quick connect)'. */
export function quickConnectDialog(props: QuickConnectProps = {}): DialogOptions {
  return {
    id: 'vpn.quick-connect',
    title: T.quickConnectTitle,
    size: 'lg',
    main: true,
    content: <QuickConnectForm {...props} />,
  };
}

export const openQuickConnect = (props?: QuickConnectProps) =>
  dialogs.open(quickConnectDialog(props));
