import { addCalendarMonths, creditTypeById } from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { CreditLedger, CreditLow } from '../credits/credit-ledger';
import type { CreditEvents } from '../credits/credits.service';
import type { DeviceCreditsRepository } from './device-credits.repository';
import { CREDIT_USED } from './device-credits.service';

/** Devices settled per read of the due list. */
const BATCH = 200;
/**
 * Reads of the due list per run. A device whose period ended long ago (the server was down) is
 * extended a period at a time, from its old expiry, until it is covered or its credits run out;
 * the rest waits for the next run.
 */
const MAX_BATCHES = 50;

export interface SweepResult {
  extended: number;
  expired: number;
}

interface Deps {
  repository: DeviceCreditsRepository;
  ledger: CreditLedger;
  transaction: RunInTransaction;
  events: CreditEvents;
  now: () => Date;
}

/**
 * The periodic settlement of device credits (issue 20): each device of a paid company whose paid
 * period ended is extended by one period from its old expiry (no gap) when credits are enabled
 * with auto-extend and the company has a credit of the type left (ledger action 3, "Credit used"),
 * and otherwise marked not active, with connection log code 15 recorded once. Each device is
 * settled in a transaction holding its row lock and checking again that it is still due, so runs
 * of several instances, or a run repeated, never pay a period twice.
 */
export const createDeviceCreditSweep = ({ repository, ledger, transaction, events, now }: Deps) => {
  type Settled = { outcome: 'extended' | 'expired' | 'skipped'; low: CreditLow | null };

  const settle = (deviceId: number, at: Date): Promise<Settled> =>
    transaction(async (tx): Promise<Settled> => {
      const row = await repository.lockDue(deviceId, at, tx);
      if (!row) return { outcome: 'skipped', low: null };
      const type = row.creditTypeId ? creditTypeById(row.creditTypeId) : undefined;
      if (row.creditEnabled && row.autoExtend && type?.license_type === 'management') {
        try {
          const taken = await ledger.take(
            {
              companyId: row.companyId,
              creditTypeId: type.id,
              amount: 1,
              actionType: CREDIT_USED,
              userId: null,
              deviceId,
            },
            tx,
          );
          const expiresAt = addCalendarMonths(row.expiresAt, type.validity_months);
          await repository.save(deviceId, { expiresAt }, tx);
          return { outcome: 'extended', low: taken.low };
        } catch (error) {
          // Not enough credits (the ledger changed nothing): the period lapses below.
          if (!(error instanceof ApiError)) throw error;
        }
      }
      await repository.save(deviceId, { activatedAt: null }, tx);
      await repository.logNoActiveCredit(deviceId, tx);
      return { outcome: 'expired', low: null };
    });

  return {
    async run(): Promise<SweepResult> {
      const at = now();
      const result: SweepResult = { extended: 0, expired: 0 };
      const lows: CreditLow[] = [];
      try {
        for (let batch = 0; batch < MAX_BATCHES; batch++) {
          const due = await repository.due(at, BATCH);
          if (!due.length) break;
          for (const deviceId of due) {
            const { outcome, low } = await settle(deviceId, at);
            if (outcome !== 'skipped') result[outcome] += 1;
            if (low) lows.push(low);
          }
        }
      } finally {
        // After the commits: what ran low is told even when a later device failed.
        if (lows.length) events.creditLow(lows);
      }
      return result;
    },
  };
};

export type DeviceCreditSweep = ReturnType<typeof createDeviceCreditSweep>;
