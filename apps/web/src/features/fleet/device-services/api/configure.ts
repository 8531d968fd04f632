import { useMutation } from '@tanstack/react-query';
import { configActionAnswerSchema, type ConfigValue } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { CONFIGURE_PATH } from './keys';

/** One request of a configure call, for the one device. */
export interface ServiceRequest {
  path: string;
  method: 'post' | 'put' | 'delete';
  request_data?: Record<string, ConfigValue | null>;
}

/** Sends the requests to the device (applied all or nothing); resolves to the action's name. */
export async function configureDevice(
  deviceId: number,
  requests: readonly ServiceRequest[],
): Promise<string> {
  const response = await api.post<unknown>(CONFIGURE_PATH, {
    body: { configuration: requests.map((request) => ({ device_id: [deviceId], ...request })) },
  });
  return configActionAnswerSchema.parse(response).meta.action_name;
}

/** Configure as a mutation; `onStarted` gets the action's name to follow. */
export function useConfigure(deviceId: number, onStarted: (actionName: string) => void) {
  return useMutation({
    mutationFn: (requests: readonly ServiceRequest[]) => configureDevice(deviceId, requests),
    onSuccess: onStarted,
  });
}
