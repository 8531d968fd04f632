import { COMPANY_EVENT_ACTIONS, creditTypeById, creditTypeTitleFor } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/db/client';
import { newEvaluationId } from './alert-messages';
import type { AlertsRepository, EventInsert } from './alerts.repository';
import { metaOf } from './rule-set';
import type { RuntimeRepository } from './runtime.repository';

/** A company's credits of a type fell below the threshold (the resources module's CreditLow). */
export interface CreditLowEvent {
  companyId: number;
  creditTypeId: number;
  left: number;
}

export interface CompanyEventsDeps {
  db: Pick<Database, 'transaction'>;
  repository: Pick<RuntimeRepository, 'companyEventRules'>;
  alerts: Pick<AlertsRepository, 'write'>;
  onActions(ids: number[]): void;
  log: FastifyBaseLogger;
  now: () => Date;
}

const TELLS = new Set<string>(COMPANY_EVENT_ACTIONS);

/**
 * Events of a company rather than of a device (design §4.2): evaluated once, where they happen,
 * against the enabled rules of the company and the companies above it. There is no per-device
 * state and nothing to partition: the event row (device_id null) and its actions are written in
 * one transaction, and any instance's action runner carries them out.
 */
export const createCompanyEvents = (deps: CompanyEventsDeps) => {
  const creditLow = async (low: CreditLowEvent) => {
    const { companyName, rules } = await deps.repository.companyEventRules(
      'credit_low',
      low.companyId,
    );
    if (!companyName || rules.length === 0) return;
    const type = creditTypeById(low.creditTypeId);
    const title = type ? creditTypeTitleFor(type, false) : `type ${low.creditTypeId}`;
    const at = deps.now();
    const events: EventInsert[] = rules.map((row) => {
      const meta = metaOf(row);
      // The rule's check refuses device actions; one written before that check is skipped here.
      const actions = meta.actions
        .filter((action) => TELLS.has(action.name))
        .map((action) => ({
          name: action.name,
          options: (action.options ?? {}) as Record<string, unknown>,
        }));
      return {
        evaluationId: newEvaluationId(),
        kind: 'event',
        automationId: meta.id,
        revision: meta.revision,
        deviceId: null,
        companyId: low.companyId,
        evaluatedParameters: [{ key: 'credit_low', value: low.left }],
        evaluatedConditions: [{ key: meta.tag, value: true }],
        message: `Event: ${companyName}: ${meta.name} — ${low.left} ${title} left`,
        readingTs: at,
        reason: null,
        overallStatus: actions.length > 0 ? 'pending' : 'success',
        actions,
      };
    });
    const ids = await deps.db.transaction((tx) =>
      deps.alerts.write(
        {
          events,
          alerts: [],
          fires: events.map((event) => ({
            automationId: event.automationId,
            deviceId: null,
            count: 1,
            at,
          })),
        },
        tx,
      ),
    );
    if (ids.length > 0) deps.onActions(ids);
  };

  return {
    /** Off the caller's path: a failure is logged, never thrown back at the credit move. */
    creditLow(lows: readonly CreditLowEvent[]) {
      for (const low of lows)
        creditLow(low).catch((error: unknown) =>
          deps.log.error({ err: error, low }, 'credit low automation failed'),
        );
    },
  };
};

export type CompanyEvents = ReturnType<typeof createCompanyEvents>;
