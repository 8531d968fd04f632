import { dialogs, type DialogOptions } from '@/components/dialogs';
import { VPN_TEXTS as T } from '../texts';
import { AddHubForm, type AddHubProps } from './add-hub-form';

/** Spec dialog 'VPN (add hub)'. */
export function addHubDialog(props: AddHubProps = {}): DialogOptions {
  return {
    id: 'vpn.add-hub',
    title: T.addHubTitle,
    size: 'md',
    main: true,
    content: <AddHubForm {...props} />,
  };
}

export const openAddHub = (props?: AddHubProps) => dialogs.open(addHubDialog(props));
