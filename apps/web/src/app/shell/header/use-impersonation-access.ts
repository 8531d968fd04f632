import { useEffect, useState } from 'react';
import { hasImpersonationAccess, type CurrentUser } from '@netfleet/contracts';

// setTimeout fires at once for delays above 2^31 - 1 ms; longer waits are done in steps.
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Spec §4: impersonation access is active only while its limit lies in the future. True until
 * then, and the component renders again the moment it runs out (the menu may be open by then).
 */
export function useImpersonationAccess(user: Pick<CurrentUser, 'impersonation_access_limit'>) {
  const [now, setNow] = useState(Date.now);
  const limit = user.impersonation_access_limit;
  const active = hasImpersonationAccess(user, now);

  useEffect(() => {
    if (!active || limit === null) return undefined;
    const wait = Math.min(Date.parse(limit) - Date.now(), MAX_TIMER_MS);
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [active, limit, now]);

  return active;
}
