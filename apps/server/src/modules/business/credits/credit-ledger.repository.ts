import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { creditBalances, creditLedger, creditPools } from '@/db/schema';

export type NewPool = typeof creditPools.$inferInsert;
export type LedgerEntry = typeof creditLedger.$inferInsert;

/**
 * The write side of credits. Every method runs inside the caller's transaction: a balance is
 * locked before its pools or ledger change, so writes to one company and type queue up.
 */
export const createCreditLedgerRepository = (db: Database) => ({
  /** Locks the company's balance of a type (making it at zero the first time) and reads it. */
  async lockBalance(companyId: number, creditTypeId: number, tx: Executor = db) {
    await tx.insert(creditBalances).values({ companyId, creditTypeId }).onConflictDoNothing();
    const [row] = await tx
      .select({ left: creditBalances.creditsLeft })
      .from(creditBalances)
      .where(
        and(eq(creditBalances.companyId, companyId), eq(creditBalances.creditTypeId, creditTypeId)),
      )
      .for('update');
    if (!row) throw new Error('credit balance vanished while locked');
    return row.left;
  },

  async setBalance(companyId: number, creditTypeId: number, left: number, tx: Executor = db) {
    await tx
      .update(creditBalances)
      .set({ creditsLeft: left })
      .where(
        and(eq(creditBalances.companyId, companyId), eq(creditBalances.creditTypeId, creditTypeId)),
      );
  },

  /** Pools with credits left, oldest first: the order credits are spent in. */
  async poolsWithCredits(companyId: number, creditTypeId: number, tx: Executor = db) {
    return tx
      .select({ id: creditPools.id, left: creditPools.creditLeft })
      .from(creditPools)
      .where(
        and(
          eq(creditPools.companyId, companyId),
          eq(creditPools.creditTypeId, creditTypeId),
          gt(creditPools.creditLeft, 0),
          isNull(creditPools.deletedAt),
        ),
      )
      .orderBy(asc(creditPools.id));
  },

  async setPoolLeft(poolId: number, left: number, tx: Executor = db) {
    await tx.update(creditPools).set({ creditLeft: left }).where(eq(creditPools.id, poolId));
  },

  async insertPool(values: NewPool, tx: Executor = db) {
    const [row] = await tx.insert(creditPools).values(values).returning({ id: creditPools.id });
    if (!row) throw new Error('credit pool insert returned nothing');
    return row.id;
  },

  async append(entries: LedgerEntry[], tx: Executor = db) {
    if (entries.length) await tx.insert(creditLedger).values(entries);
  },

  /**
   * Per company and type: the stored balance, the sum of its pools and the sum of its ledger
   * (which must all agree; the conservation test and an operator's check read this).
   */
  async reconcile(tx: Executor = db) {
    const result = await tx.execute(sql`
      select b.company_id, b.credit_type_id, b.credits_left as balance,
        coalesce((select sum(p.credit_left) from ${creditPools} p
          where p.company_id = b.company_id and p.credit_type_id = b.credit_type_id
            and p.deleted_at is null), 0) as pools,
        coalesce((select sum(l.amount) from ${creditLedger} l
          where l.company_id = b.company_id and l.credit_type_id = b.credit_type_id), 0) as ledger
      from ${creditBalances} b order by b.company_id, b.credit_type_id`);
    const { rows } = result as unknown as { rows: Record<string, string | number>[] };
    return rows.map((row) => ({
      companyId: Number(row.company_id),
      creditTypeId: Number(row.credit_type_id),
      balance: Number(row.balance),
      pools: Number(row.pools),
      ledger: Number(row.ledger),
    }));
  },
});

export type CreditLedgerRepository = ReturnType<typeof createCreditLedgerRepository>;
