import { Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VpnClient } from '@netfleet/contracts';
import { QueryState } from '@/components/query-state';
import { toast } from '@/components/toasts';
import { useDeviceClients } from '../api/get-clients';
import { vpnKeys } from '../api/keys';
import { setDeviceRule } from '../api/save-clients';
import { VPN_TEXTS as T } from '../texts';

type Zone = 'lan' | 'wan';

function RuleSwitch({
  client,
  zone,
  readOnly,
}: {
  client: VpnClient;
  zone: Zone;
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const { mutate, isPending, variables } = useMutation({
    mutationFn: (status: boolean) =>
      setDeviceRule(client.vpn_hub_id, client.object_id ?? 0, { network: zone, status }),
    onSuccess: () => toast.success(T.rulesChanged),
    onError: (error) => toast.error(error.message),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: vpnKeys.clients(client.vpn_hub_id) }),
  });
  const current = zone === 'lan' ? client.forward_lan : client.forward_wan;
  return (
    <Switch
      aria-label={T.forwardTo(client.name, zone === 'lan' ? T.lan : T.wan)}
      checked={isPending ? variables : current}
      disabled={readOnly || isPending}
      onChange={(event) => mutate(event.currentTarget.checked)}
    />
  );
}

/** Per device client: whether the tunnel may reach the device's LAN and its WAN. */
export function DeviceRules({ hubId, canManage }: { hubId: number; canManage: boolean }) {
  const result = useDeviceClients(hubId);
  return (
    <Stack gap="sm">
      <Title order={4}>{T.deviceRules}</Title>
      <Text size="sm" c="dimmed">
        {T.deviceRulesHint}
      </Text>
      <QueryState
        result={result}
        isEmpty={(clients) => clients.length === 0}
        emptyText={T.noDeviceClientsYet}
      >
        {(clients) => (
          <Table withTableBorder aria-label={T.deviceRules} maw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.device}</Table.Th>
                <Table.Th w={80}>{T.lan}</Table.Th>
                <Table.Th w={80}>{T.wan}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {clients.map((client) => (
                <Table.Tr key={client.id}>
                  <Table.Td>{client.name}</Table.Td>
                  {(['lan', 'wan'] as const).map((zone) => (
                    <Table.Td key={zone}>
                      <RuleSwitch client={client} zone={zone} readOnly={!canManage} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}
