import { eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { vpnHubStates } from '@/db/schema';
import type { HubProcessState } from '@netfleet/openvpn-hub';

export interface ReportedState {
  state: HubProcessState;
  error: string | null;
  startedAt: Date | null;
  /** The report's own time. */
  reportedAt: Date;
}

/** What agents report about the hubs of their zones (vpn_hub_states). */
export const createHubStatesRepository = (db: Database) => ({
  async stateOf(hubId: number, tx: Executor = db) {
    const [row] = await tx.select().from(vpnHubStates).where(eq(vpnHubStates.hubId, hubId));
    return row ?? null;
  },

  /**
   * Stores a report unless a later one is stored already; answers the state it replaced (null
   * when there was none), or undefined when the report was older and changed nothing.
   */
  async report(hubId: number, report: ReportedState, receivedAt: Date, tx: Executor) {
    const [before] = await tx
      .select({ state: vpnHubStates.state, reportedAt: vpnHubStates.reportedAt })
      .from(vpnHubStates)
      .where(eq(vpnHubStates.hubId, hubId))
      .for('update');
    if (before?.reportedAt && before.reportedAt.getTime() > report.reportedAt.getTime()) {
      return undefined;
    }
    // updated_at is the server's clock (reports carry the agent's): how fresh the report is.
    const values = { ...report, updatedAt: receivedAt };
    await tx
      .insert(vpnHubStates)
      .values({ hubId, ...values })
      .onConflictDoUpdate({ target: vpnHubStates.hubId, set: values });
    return before?.state ?? null;
  },

  /** An apply was sent: the hub starts unless its agent already said it runs. */
  async starting(hubIds: readonly number[], tx: Executor = db) {
    if (hubIds.length === 0) return;
    await tx
      .insert(vpnHubStates)
      .values(hubIds.map((hubId) => ({ hubId, state: 'starting' as const, error: null })))
      .onConflictDoUpdate({
        target: vpnHubStates.hubId,
        set: { state: 'starting', error: null },
        setWhere: inArray(vpnHubStates.state, ['stopped', 'failed']),
      });
  },

  /** The hub's agent was told to stop it (its own report follows). */
  async stopped(hubId: number, tx: Executor = db) {
    await tx
      .update(vpnHubStates)
      .set({ state: 'stopped', error: null, startedAt: null })
      .where(eq(vpnHubStates.hubId, hubId));
  },
});

export type HubStatesRepository = ReturnType<typeof createHubStatesRepository>;
