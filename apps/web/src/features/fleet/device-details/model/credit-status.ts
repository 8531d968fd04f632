import type { Device } from '@netfleet/contracts';

/**
 * What the services tab says of a device's management credit (RMS credit fields): a free
 * company's devices need none; otherwise a paid period runs (until its expiry), ended, or was
 * never paid.
 */
export type CreditStatus =
  | { kind: 'notRequired' }
  | { kind: 'active'; until: string | null; renewed: boolean }
  | { kind: 'expired' }
  | { kind: 'notEnabled' };

export function creditStatus(device: Device): CreditStatus {
  if (!device.credit_required) return { kind: 'notRequired' };
  if (device.credit_activated === 1)
    return {
      kind: 'active',
      until: device.credit_expire_date,
      renewed: device.credit_enabled === 1 && device.auto_extend_credit !== 0,
    };
  if (device.credit_expire_date !== null) return { kind: 'expired' };
  return { kind: 'notEnabled' };
}
