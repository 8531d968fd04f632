import { hasPermission } from '@netfleet/contracts';
import { useCallback, useMemo } from 'react';
import { confirmDialog } from '@/components/dialogs';
import { openFormDialog } from '@/components/schema-form';
import { useFailureToast } from '@/components/toasts';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteCompany, type CompanyRef } from '../api/delete-company';
import { companyFlagsForm } from '../forms/company-flags';
import { editCompanyForm } from '../forms/edit-company';
import { moveCompanyForm } from '../forms/move-company';
import { COMPANY_TEXTS } from '../texts';
import { actionFailureMessage } from '@/lib/messages';

export interface CompanyActions {
  /** manage_companies: without it no action is offered. */
  allowed: boolean;
  edit: (company: CompanyRef) => void;
  flags: (company: CompanyRef) => void;
  move: (company: CompanyRef) => void;
  /** Asks first; `onStarted` runs once the server accepted the deletion. */
  remove: (company: CompanyRef, onStarted?: () => void) => void;
}

/** Edit, settings, move and delete of one company, shared by the list rows and the company page. */
export function useCompanyActions(): CompanyActions {
  const { permissions } = useCurrentUser();
  const { mutateAsync } = useDeleteCompany();
  const failureToast = useFailureToast();

  const remove = useCallback(
    (company: CompanyRef, onStarted?: () => void) => {
      void (async () => {
        const confirmed = await confirmDialog({
          title: COMPANY_TEXTS.deleteTitle,
          message: COMPANY_TEXTS.deleteConfirm(company.name),
          confirmText: COMPANY_TEXTS.delete,
          danger: true,
        });
        if (!confirmed) return;
        try {
          await mutateAsync(company);
          onStarted?.();
        } catch (error) {
          failureToast(actionFailureMessage({ item: COMPANY_TEXTS.items.company, verb: 'remove' }))(
            error,
          );
        }
      })();
    },
    [mutateAsync, failureToast],
  );

  return useMemo(
    () => ({
      allowed: hasPermission(permissions, 'manage_companies'),
      edit: (company) => openFormDialog(editCompanyForm, { id: String(company.id) }),
      flags: (company) => openFormDialog(companyFlagsForm, { id: String(company.id) }),
      move: (company) => openFormDialog(moveCompanyForm, { id: String(company.id) }),
      remove,
    }),
    [permissions, remove],
  );
}
