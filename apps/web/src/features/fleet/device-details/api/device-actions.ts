import { useMutation } from '@tanstack/react-query';
import type { DeviceAction } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { DEVICES_PATH } from './keys';

export interface DeviceActionRequest {
  id: number;
  action: DeviceAction;
  /** Title of the live 'Action status' dialog the answer's channel opens. */
  title: string;
  name: string;
}

/** POST /devices/actions answers a status channel at once; the dialog follows it to the end. */
export async function runDeviceAction({ id, action, title, name }: DeviceActionRequest) {
  await api.post<unknown>(`${DEVICES_PATH}/actions`, {
    body: { action, device_id: [id] },
    actionStatus: { title, itemLabels: { [String(id)]: name } },
  });
}

export function useDeviceAction() {
  return useMutation({ mutationFn: runDeviceAction });
}
