import { hasPermission, type CreditCode } from '@netfleet/contracts';
import { useCallback, useMemo } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { toast } from '@/components/toasts';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useRevokeCreditCode } from '../api/revoke-credit-code';
import { createCodeForm } from '../forms/create-code';
import { editCodeForm } from '../forms/edit-code';
import { CREDIT_TEXTS } from '../texts';

export interface CodeActions {
  /** manage_credit_transfer_codes: without it no action is offered. */
  allowed: boolean;
  create: () => void;
  editComment: (code: CreditCode) => void;
  /** Asks first; only a code nobody activated yet can be revoked. */
  revoke: (code: CreditCode) => void;
}

/** Create a code, edit its comment, revoke it: the codes page's actions. */
export function useCodeActions(): CodeActions {
  const { permissions } = useCurrentUser();
  const { mutateAsync } = useRevokeCreditCode();

  const revoke = useCallback(
    (code: CreditCode) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: CREDIT_TEXTS.revokeTitle,
          message: CREDIT_TEXTS.revokeConfirm(code.credits_amount, code.company_name),
          confirmText: CREDIT_TEXTS.revoke,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(code.id);
          toast.success(CREDIT_TEXTS.revoked);
        } catch (error) {
          toast.error(isApiError(error) ? error.message : CREDIT_TEXTS.revokeFailed);
        }
      })();
    },
    [mutateAsync],
  );

  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'manage_credit_transfer_codes'),
      create: () => openFormDialog(createCodeForm),
      editComment: (code) =>
        openFormDialog(editCodeForm, {
          id: String(code.id),
          initialValues: { comment: code.comment },
        }),
      revoke,
    }),
    [permissions, revoke],
  );
}
