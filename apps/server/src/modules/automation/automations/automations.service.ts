import {
  AUTOMATION_MESSAGES,
  type AutomationListQuery,
  type AutomationLogListQuery,
  type AutomationScope,
  type AutomationsActivationBody,
  type CreateAutomationBody,
  type DeviceAutomationListQuery,
  type UpdateAutomationBody,
} from '@netfleet/contracts';
import { invalid, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { ActionChecks } from './automation-action-checks';
import type { AutomationDevicesRepository } from './automation-devices.repository';
import type { AutomationLogsRepository } from './automation-logs.repository';
import type { AutomationRefsRepository } from './automation-refs.repository';
import {
  dataGroupOf,
  sameBody,
  toAutomation,
  toAutomationLog,
  toAutomationLogDetail,
} from './automations.mapper';
import type {
  AutomationRow,
  AutomationsRepository,
  AutomationValues,
} from './automations.repository';
import { AUTOMATION_REMOVED, type OpenAlertsRepository } from './open-alerts.repository';

export interface AutomationsServiceDeps {
  transaction: RunInTransaction;
  automations: AutomationsRepository;
  devices: Pick<AutomationDevicesRepository, 'visible'>;
  logs: AutomationLogsRepository;
  refs: Pick<AutomationRefsRepository, 'companies' | 'tags'>;
  actions: ActionChecks;
  openAlerts: Pick<OpenAlertsRepository, 'resolveAll'>;
  now: () => Date;
  /** Called after every write that changes what the evaluator runs (it reloads). */
  onRulesChanged?: (() => void) | undefined;
}

/** The fields of a write as columns; only those given. */
const valuesOf = (body: UpdateAutomationBody): Partial<AutomationValues> => ({
  ...(body.name !== undefined ? { name: body.name } : {}),
  ...(body.description !== undefined ? { description: body.description } : {}),
  ...(body.company_id !== undefined ? { companyId: body.company_id } : {}),
  ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
  ...(body.cooldown_enabled !== undefined ? { cooldownEnabled: body.cooldown_enabled } : {}),
  ...(body.cooldown_duration !== undefined ? { cooldownDuration: body.cooldown_duration } : {}),
  ...(body.delay_enabled !== undefined ? { delayEnabled: body.delay_enabled } : {}),
  ...(body.delay_duration !== undefined ? { delayDuration: body.delay_duration } : {}),
  ...(body.delay_repetitions_count !== undefined
    ? { delayRepetitionsCount: body.delay_repetitions_count }
    : {}),
  ...(body.renotify_interval !== undefined ? { renotifyInterval: body.renotify_interval } : {}),
  ...(body.period_trigger_limit !== undefined
    ? { periodTriggerLimit: body.period_trigger_limit }
    : {}),
  ...(body.conditions_body !== undefined
    ? { conditionsBody: body.conditions_body, dataGroup: dataGroupOf(body.conditions_body) }
    : {}),
});

const scopeValues = (scope: AutomationScope) => ({
  tagIds: scope.tag_id,
  companyIds: scope.company_id,
});

/**
 * RMS automations (routes 1–8 and 12): rules of the companies the caller sees; others answer 404.
 * Every write checks what the rule names (scope, actions) against the caller, and tells the
 * evaluator once it committed.
 */
export const createAutomationsService = (deps: AutomationsServiceDeps) => {
  const { transaction, automations, refs } = deps;
  const changed = () => deps.onRulesChanged?.();

  const requireRule = async (auth: AuthContext, id: number) => {
    const rule = await automations.find(auth, id);
    if (!rule) throw notFound(AUTOMATION_MESSAGES.notFound);
    return rule;
  };

  const answer = async (rows: AutomationRow[]) => {
    const scopes = await automations.scopesOf(rows.map((row) => row.id));
    return rows.map((row) =>
      toAutomation(row, scopes.get(row.id) ?? { tag_id: [], company_id: [] }),
    );
  };

  const requireCompany = async (auth: AuthContext, companyId: number) => {
    const path = (await refs.companies(auth, [companyId])).get(companyId);
    if (path === undefined) throw invalid(AUTOMATION_MESSAGES.companyNotFound, 'company_id');
    return path;
  };

  /** Scope tags the caller sees; scope companies the caller sees inside the rule's company. */
  const checkScope = async (auth: AuthContext, scope: AutomationScope, rulePath: string) => {
    const tags = await refs.tags(auth, scope.tag_id);
    scope.tag_id.forEach((id, index) => {
      if (!tags.has(id)) throw invalid(AUTOMATION_MESSAGES.tagNotFound, `scope.tag_id.${index}`);
    });
    const companies = await refs.companies(auth, scope.company_id);
    scope.company_id.forEach((id, index) => {
      const path = companies.get(id);
      const source = `scope.company_id.${index}`;
      if (path === undefined) throw invalid(AUTOMATION_MESSAGES.companyNotFound, source);
      if (!path.startsWith(rulePath))
        throw invalid(AUTOMATION_MESSAGES.scopeCompanyOutside, source);
    });
  };

  const get = async (auth: AuthContext, id: number) => {
    const [automation] = await answer([await requireRule(auth, id)]);
    if (!automation) throw notFound(AUTOMATION_MESSAGES.notFound);
    return automation;
  };

  return {
    get,

    async list(auth: AuthContext, query: AutomationListQuery) {
      const { rows, total } = await automations.list(auth, query);
      return { data: await answer(rows), total };
    },

    /** Route 6: the caller's rules that cover a device the caller sees. */
    async listForDevice(auth: AuthContext, deviceId: number, query: DeviceAutomationListQuery) {
      const path = (await deps.devices.visible(auth, [deviceId])).get(deviceId);
      if (path === undefined) throw notFound(AUTOMATION_MESSAGES.deviceNotFound);
      const { rows, total } = await automations.listForDevice(auth, { id: deviceId, path }, query);
      return { data: await answer(rows), total };
    },

    async create(auth: AuthContext, body: CreateAutomationBody) {
      const companyId = body.company_id ?? auth.company.id;
      const rulePath = await requireCompany(auth, companyId);
      await checkScope(auth, body.scope, rulePath);
      await deps.actions.check(auth, body.conditions_body);
      const values = valuesOf({ ...body, company_id: companyId }) as AutomationValues;
      const id = await transaction((tx) =>
        automations.insert({ ...values, userId: auth.user.id }, scopeValues(body.scope), tx),
      );
      changed();
      return get(auth, id);
    },

    async update(auth: AuthContext, id: number, body: UpdateAutomationBody) {
      const rule = await requireRule(auth, id);
      const rulePath =
        body.company_id !== undefined && body.company_id !== rule.companyId
          ? await requireCompany(auth, body.company_id)
          : rule.companyPath;
      if (body.scope) await checkScope(auth, body.scope, rulePath);
      if (body.conditions_body) await deps.actions.check(auth, body.conditions_body);
      const bodyChanged =
        body.conditions_body !== undefined && !sameBody(body.conditions_body, rule.conditionsBody);
      await transaction((tx) =>
        automations.update(
          id,
          valuesOf(body),
          { bodyChanged, scope: body.scope ? scopeValues(body.scope) : undefined },
          tx,
        ),
      );
      changed();
    },

    async remove(auth: AuthContext, id: number) {
      const rule = await requireRule(auth, id);
      // Its open alerts end with it, in the same transaction: the history says why they ended.
      await transaction(async (tx) => {
        await deps.openAlerts.resolveAll(rule, AUTOMATION_REMOVED, deps.now(), tx);
        await automations.remove(id, tx);
      });
      changed();
    },

    /** Route 12: every rule named must be one the caller sees (422 at its place otherwise). */
    async activate(auth: AuthContext, body: AutomationsActivationBody) {
      const ids = body.flatMap((item) => item.automations);
      const found = new Set((await automations.findMany(auth, ids)).map((rule) => rule.id));
      body.forEach((item, index) =>
        item.automations.forEach((id, at) => {
          if (!found.has(id))
            throw invalid(AUTOMATION_MESSAGES.notFound, `${index}.automations.${at}`);
        }),
      );
      await transaction(async (tx) => {
        for (const item of body) await automations.setEnabled(item.automations, item.enabled, tx);
      });
      changed();
    },

    async logs(auth: AuthContext, id: number, query: AutomationLogListQuery) {
      const rule = await requireRule(auth, id);
      const { rows, total } = await deps.logs.list(auth, id, query);
      return { data: rows.map((row) => toAutomationLog(row, rule.conditionsBody)), total };
    },

    async log(auth: AuthContext, id: number, evaluationId: string) {
      const rule = await requireRule(auth, id);
      const row = await deps.logs.find(auth, id, evaluationId);
      if (!row) throw notFound(AUTOMATION_MESSAGES.logNotFound);
      const actions = await deps.logs.actionsOf(row.id);
      return toAutomationLogDetail(row, rule.conditionsBody, actions);
    },
  };
};

export type AutomationsService = ReturnType<typeof createAutomationsService>;
