import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DeviceScan = 'ports' | 'lan';

const SCAN_PATHS: Record<DeviceScan, (id: number) => string> = {
  // Which of the device's access ports answer, through its tunnel.
  ports: (id) => `/devices/${id}/connect-auto-scan/`,
  // The hosts the device sees on its LAN (RMS's port scan of the ethernet ports).
  lan: (id) => `/devices/${id}/port-scan/?type=ethernet`,
};

/** Both answer a status channel; the live 'Action status' dialog shows one item per port or host. */
export function runDeviceScan({
  id,
  scan,
  title,
}: {
  id: number;
  scan: DeviceScan;
  title: string;
}) {
  return api.get<unknown>(SCAN_PATHS[scan](id), { actionStatus: { title } });
}

export function useDeviceScan() {
  return useMutation({ mutationFn: runDeviceScan });
}
