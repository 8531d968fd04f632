import { dialogs, type DialogOptions } from '@/components/dialogs';
import { VPN_TEXTS as T } from '../texts';
import { AddRoutesForm } from './add-routes-form';

/** Spec dialog 'VPN (add routes)'. */
export function addRoutesDialog({ hubId }: { hubId: number }): DialogOptions {
  return {
    id: 'vpn.add-routes',
    title: T.addRoutesTitle,
    size: 'lg',
    main: true,
    content: <AddRoutesForm hubId={hubId} />,
  };
}

export const openAddRoutes = (hubId: number) => dialogs.open(addRoutesDialog({ hubId }));
