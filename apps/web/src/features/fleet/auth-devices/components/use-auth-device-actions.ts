import type { AuthDevice } from '@netfleet/contracts';
import { confirmDialog } from '@/components/dialogs';
import { toast, useFailureToast } from '@/components/toasts';
import { type AuthDeviceDecision, useDecideAuthDevice } from '../api/decide-auth-device';
import { AUTH_DEVICE_TEXTS as T } from '../texts';
import { statedIdentity } from './identity';

/** Approve and dismiss, each after a confirmation (both change who may enrol). */
export function useAuthDeviceActions() {
  const decide = useDecideAuthDevice();
  const failureToast = useFailureToast();

  const run = async (row: AuthDevice, decision: AuthDeviceDecision) => {
    const identity = statedIdentity(row);
    const approve = decision === 'approve';
    const confirmed = await confirmDialog({
      title: approve ? T.approveTitle : T.dismissTitle,
      message: approve
        ? T.approveMessage(row.serial, identity, row.device_name)
        : T.dismissMessage(row.serial, identity),
      confirmText: approve ? T.approve : T.dismiss,
      danger: !approve,
    });
    if (!confirmed) return;
    await decide
      .mutateAsync({ id: row.id, decision })
      .then(() => toast.success(approve ? T.approved : T.dismissed))
      .catch(failureToast(approve ? T.approveFailed : T.dismissFailed));
  };

  return {
    approve: (row: AuthDevice) => void run(row, 'approve'),
    dismiss: (row: AuthDevice) => void run(row, 'dismiss'),
  };
}
