import { Badge, Button, Group, Stack, Switch, Title } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import type { Device } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { openFormDialog } from '@/components/schema-form';
import { toast, useFailureToast } from '@/components/toasts';
import { useSetAutoExtend } from '../api/device-credit';
import { manageServicesForm } from '../forms/manage-services';
import { creditStatus, type CreditStatus } from '../model/credit-status';
import { DEVICE_TEXTS as T } from '../texts';
import { KeyValueTable } from './key-value-table';

const STATUS_COLORS: Record<CreditStatus['kind'], string> = {
  notRequired: 'gray',
  active: 'green',
  expired: 'red',
  notEnabled: 'yellow',
};

function statusText(status: CreditStatus): string {
  if (status.kind !== 'active') return T.creditStates[status.kind];
  const until = T.activeUntil(formatDateTime(status.until) || T.none);
  return status.renewed ? until : `${until} (${T.notRenewed})`;
}

function AutoExtendSwitch({ device }: { device: Device }) {
  const { mutateAsync, isPending } = useSetAutoExtend(device.id);
  const failureToast = useFailureToast();
  const on = device.auto_extend_credit !== 0;
  const change = async (next: boolean) => {
    try {
      await mutateAsync(next);
      toast.success(next ? T.autoExtendOn : T.autoExtendOff);
    } catch (error) {
      failureToast(T.autoExtendFailed)(error);
    }
  };
  return (
    <Switch
      checked={on}
      disabled={isPending}
      aria-label={T.autoExtend}
      onChange={(event) => void change(event.currentTarget.checked)}
    />
  );
}

/**
 * The device's management credit (spec device services): whether its company needs one, the
 * period's state, type and expiry, auto-extend, and the 'Manage services' dialog.
 */
export function CreditSection({ device }: { device: Device }) {
  const status = creditStatus(device);
  return (
    <Stack gap="xs">
      <Group justify="space-between" maw={720}>
        <Title order={4}>{T.managementCredit}</Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconSettings size={14} aria-hidden />}
          onClick={() => openFormDialog(manageServicesForm(device))}
        >
          {T.manageServices}
        </Button>
      </Group>
      <KeyValueTable
        label={T.managementCredit}
        rows={[
          [T.creditRequirement, device.credit_required ? T.creditRequired : T.creditNotRequired],
          [
            T.creditStatus,
            <Badge key="status" variant="light" color={STATUS_COLORS[status.kind]}>
              {statusText(status)}
            </Badge>,
          ],
          [T.creditType, device.management_credit_type_name ?? T.none],
          [T.creditExpires, formatDateTime(device.credit_expire_date) || T.none],
          [T.autoExtend, <AutoExtendSwitch key="auto-extend" device={device} />],
        ]}
      />
    </Stack>
  );
}
