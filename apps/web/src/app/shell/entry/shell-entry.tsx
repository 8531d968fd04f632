import { useEffect } from 'react';
import { STORAGE_KEYS, type CurrentUser } from '@netfleet/contracts';
import { useUserStorage } from '@/lib/storage/use-user-storage';
import { useBrand } from '@/components/brand';
import { acceptTerms } from './update-account-user';
import { DataAgreementModal } from './data-agreement-modal';
import { EmailRequiredModal } from './email-required-modal';

export function isEmailRequired(user: Pick<CurrentUser, 'email' | 'username'>): boolean {
  return user.email === user.username;
}

/** Non-default themes accept the terms on the user's behalf once and remember it (spec §4). */
function useAutoAcceptTerms(active: boolean): void {
  const flag = useUserStorage(STORAGE_KEYS.tosAccepted);
  const needed = active && flag.value === undefined;
  const { set } = flag;
  useEffect(() => {
    if (!needed) return;
    void acceptTerms()
      .then(() => set('true'))
      .catch(() => undefined);
  }, [needed, set]);
}

/** Spec §4 Shell entry: e-mail first, then the data agreement (default theme) or auto-accept. */
export function ShellEntry({ user }: { user: CurrentUser }) {
  const brand = useBrand();
  useAutoAcceptTerms(!brand.default_theme && !user.tos_accepted);
  if (isEmailRequired(user)) return <EmailRequiredModal />;
  if (brand.default_theme && !user.tos_accepted) return <DataAgreementModal />;
  return null;
}
