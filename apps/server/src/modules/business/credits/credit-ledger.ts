import { CREDIT_LOW_THRESHOLD, CREDIT_MESSAGES, type CreditAction } from '@netfleet/contracts';
import type { Executor } from '@/db/client';
import { invalid } from '@/lib/api-error';
import type { CreditLedgerRepository, LedgerEntry, NewPool } from './credit-ledger.repository';

/** Who and what a movement is recorded against besides its company and amount. */
export interface Movement {
  companyId: number;
  creditTypeId: number;
  amount: number;
  actionType: CreditAction;
  userId: number | null;
  counterpartCompanyId?: number | null;
  moveId?: number | null;
  codeId?: number | null;
  deviceId?: number | null;
}

/** A company's balance of a type fell below CREDIT_LOW_THRESHOLD (it was at or above it). */
export interface CreditLow {
  companyId: number;
  creditTypeId: number;
  left: number;
}

const entryOf = (movement: Movement, poolId: number, amount: number, balanceAfter: number) =>
  ({
    companyId: movement.companyId,
    creditTypeId: movement.creditTypeId,
    poolId,
    actionType: movement.actionType,
    amount,
    balanceAfter,
    counterpartCompanyId: movement.counterpartCompanyId ?? null,
    moveId: movement.moveId ?? null,
    codeId: movement.codeId ?? null,
    deviceId: movement.deviceId ?? null,
    userId: movement.userId,
  }) satisfies LedgerEntry;

/**
 * The only way credits change hands: `take` spends from a company's oldest pools, `give` makes a
 * pool, and both append what they did to the ledger with the balance after. Both must run in the
 * caller's transaction; the balance row they lock first serialises everything on one company and
 * type, so concurrent requests can neither overspend nor lose a credit.
 */
export const createCreditLedger = ({
  ledgerRepository,
}: {
  ledgerRepository: CreditLedgerRepository;
}) => ({
  /** Locks balances in a fixed order, so two moves in opposite directions cannot deadlock. */
  async lockAll(keys: readonly { companyId: number; creditTypeId: number }[], tx: Executor) {
    const sorted = [...keys].sort(
      (a, b) => a.companyId - b.companyId || a.creditTypeId - b.creditTypeId,
    );
    for (const key of sorted)
      await ledgerRepository.lockBalance(key.companyId, key.creditTypeId, tx);
  },

  /**
   * Spends `amount` oldest pool first; a 422 on `source` when the company has less (nothing
   * changes). Answers the balance after and whether it just ran low.
   */
  async take(movement: Movement, tx: Executor, source = 'amount') {
    const { companyId, creditTypeId, amount } = movement;
    const before = await ledgerRepository.lockBalance(companyId, creditTypeId, tx);
    if (before < amount) throw invalid(CREDIT_MESSAGES.notEnough(before), source);
    let remaining = amount;
    let balance = before;
    const entries: LedgerEntry[] = [];
    const taken: { poolId: number; amount: number }[] = [];
    for (const pool of await ledgerRepository.poolsWithCredits(companyId, creditTypeId, tx)) {
      if (remaining === 0) break;
      const part = Math.min(pool.left, remaining);
      await ledgerRepository.setPoolLeft(pool.id, pool.left - part, tx);
      remaining -= part;
      balance -= part;
      taken.push({ poolId: pool.id, amount: part });
      entries.push(entryOf(movement, pool.id, -part, balance));
    }
    // The balance row and the pools agree by construction; a difference is a bug to stop on.
    if (remaining !== 0)
      throw new Error(`pools of company ${companyId} hold less than its balance`);
    await ledgerRepository.setBalance(companyId, creditTypeId, balance, tx);
    await ledgerRepository.append(entries, tx);
    const low: CreditLow | null =
      before >= CREDIT_LOW_THRESHOLD && balance < CREDIT_LOW_THRESHOLD
        ? { companyId, creditTypeId, left: balance }
        : null;
    return { balance, taken, low };
  },

  /** Makes a pool of `amount` in the company and records it. */
  async give(
    movement: Movement,
    pool: Omit<NewPool, 'companyId' | 'creditTypeId' | 'creditCount' | 'creditLeft'>,
    tx: Executor,
  ) {
    const { companyId, creditTypeId, amount } = movement;
    const before = await ledgerRepository.lockBalance(companyId, creditTypeId, tx);
    const poolId = await ledgerRepository.insertPool(
      { ...pool, companyId, creditTypeId, creditCount: amount, creditLeft: amount },
      tx,
    );
    const balance = before + amount;
    await ledgerRepository.setBalance(companyId, creditTypeId, balance, tx);
    await ledgerRepository.append([entryOf(movement, poolId, amount, balance)], tx);
    return { poolId, balance };
  },
});

export type CreditLedger = ReturnType<typeof createCreditLedger>;
