import { Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VpnClient } from '@netfleet/contracts';
import { toast } from '@/components/toasts';
import { vpnKeys } from '../api/keys';
import { toggleClient } from '../api/save-clients';
import { VPN_TEXTS as T } from '../texts';

/** A client on or off (a disabled one is disconnected and cannot connect); read-only without rights. */
export function ClientEnabledSwitch({
  client,
  readOnly,
}: {
  client: Pick<VpnClient, 'id' | 'name' | 'enabled' | 'vpn_hub_id'>;
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const { mutate, isPending, variables } = useMutation({
    mutationFn: (enabled: boolean) => toggleClient(client.id, enabled),
    onSuccess: (_response, enabled) => toast.success(T.clientToggled(enabled)),
    onError: (error) => toast.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vpnKeys.hub(client.vpn_hub_id) }),
  });
  return (
    <Switch
      aria-label={T.enableClient(client.name)}
      checked={isPending ? variables : client.enabled === 1}
      disabled={readOnly || isPending}
      onChange={(event) => mutate(event.currentTarget.checked)}
    />
  );
}
