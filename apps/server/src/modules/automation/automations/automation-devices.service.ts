import {
  AUTOMATION_MESSAGES,
  type AutomationDeviceListQuery,
  type AutomationDevicesActivationBody,
  type AutomationDevicesBody,
  type AutomationsDevicesAssignBody,
  type DevicesAutomationsOverwriteBody,
} from '@netfleet/contracts';
import { invalid, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { AutomationDevicesRepository } from './automation-devices.repository';
import { toAutomationDevice } from './automations.mapper';
import type { AutomationsRepository } from './automations.repository';

export interface AutomationDevicesServiceDeps {
  transaction: RunInTransaction;
  automations: Pick<AutomationsRepository, 'find' | 'findMany'>;
  devices: AutomationDevicesRepository;
  onRulesChanged?: (() => void) | undefined;
}

interface Rule {
  id: number;
  companyPath: string;
}

/** A device id of a body and where it stands in it. */
interface Named {
  id: number;
  source: string;
}

const difference = (from: readonly number[], without: readonly number[]) => {
  const drop = new Set(without);
  return from.filter((id) => !drop.has(id));
};

/**
 * The devices of rules (RMS routes 9–11 and 13–17): explicit assignments, the per-device switch
 * and the covered devices with their counters. Devices must be ones the caller sees, inside the
 * rule's company subtree; rules ones the caller sees.
 */
export const createAutomationDevicesService = (deps: AutomationDevicesServiceDeps) => {
  const { transaction, automations, devices } = deps;
  const changed = () => deps.onRulesChanged?.();

  const requireRule = async (auth: AuthContext, id: number) => {
    const rule = await automations.find(auth, id);
    if (!rule) throw notFound(AUTOMATION_MESSAGES.notFound);
    return rule;
  };

  /** Rules named in a body: each the caller sees, else 422 at its place. */
  const requireRules = async (auth: AuthContext, named: readonly Named[]) => {
    const found = new Map(
      (await automations.findMany(auth, [...new Set(named.map((n) => n.id))])).map((rule) => [
        rule.id,
        rule,
      ]),
    );
    for (const { id, source } of named)
      if (!found.has(id)) throw invalid(AUTOMATION_MESSAGES.notFound, source);
    return found;
  };

  /** Devices the caller sees (422 at their place otherwise), with their company paths. */
  const requireDevices = async (auth: AuthContext, named: readonly Named[]) => {
    const paths = await devices.visible(auth, [...new Set(named.map((n) => n.id))]);
    for (const { id, source } of named)
      if (!paths.has(id)) throw invalid(AUTOMATION_MESSAGES.deviceNotFound, source);
    return paths;
  };

  const requireInside = (rule: Rule, path: string, source: string) => {
    if (!path.startsWith(rule.companyPath))
      throw invalid(AUTOMATION_MESSAGES.deviceOutside, source);
  };

  /** Devices of a `[{devices: []}]` body that the caller sees and the rule may cover. */
  const devicesFor = async (
    auth: AuthContext,
    rule: Rule,
    body: readonly { devices: number[] }[],
  ) => {
    const named = body.flatMap((item, index) =>
      item.devices.map((id, at) => ({ id, source: `${index}.devices.${at}` })),
    );
    const paths = await requireDevices(auth, named);
    for (const { id, source } of named) requireInside(rule, paths.get(id) ?? '', source);
    return [...new Set(named.map((n) => n.id))];
  };

  /** The rule's explicit devices the caller sees: the ones a replacement may drop. */
  const assignedVisible = async (auth: AuthContext, ruleId: number) => {
    const assigned = await devices.assignedTo(ruleId);
    const visible = await devices.visible(auth, assigned);
    return assigned.filter((id) => visible.has(id));
  };

  /** Routes 16 and 17: devices and rules the caller sees, each device inside each rule's company. */
  const checkOverwrite = async (auth: AuthContext, body: DevicesAutomationsOverwriteBody) => {
    const paths = await requireDevices(
      auth,
      body.data.map((item, index) => ({ id: item.device_id, source: `data.${index}.device_id` })),
    );
    const named = body.data.flatMap((item, index) =>
      item.automation_id.map((id, at) => ({ id, source: `data.${index}.automation_id.${at}` })),
    );
    const rules = await requireRules(auth, named);
    body.data.forEach((item, index) =>
      item.automation_id.forEach((ruleId, at) => {
        const rule = rules.get(ruleId);
        if (rule)
          requireInside(rule, paths.get(item.device_id) ?? '', `data.${index}.automation_id.${at}`);
      }),
    );
    return { rules, paths };
  };

  return {
    /** Route 10. */
    async list(auth: AuthContext, id: number, query: AutomationDeviceListQuery) {
      const rule = await requireRule(auth, id);
      const { rows, total } = await devices.list(auth, rule, query);
      return { data: rows.map((row) => toAutomationDevice(row, rule)), total };
    },

    /** Route 9: the devices stop being assigned explicitly. */
    async unassign(auth: AuthContext, id: number, body: AutomationDevicesBody) {
      const rule = await requireRule(auth, id);
      const named = body.flatMap((item, index) =>
        item.devices.map((deviceId, at) => ({ id: deviceId, source: `${index}.devices.${at}` })),
      );
      await requireDevices(auth, named);
      await devices.unassign(rule.id, [...new Set(named.map((n) => n.id))]);
      changed();
    },

    /** Route 11: the explicit devices become those given (added and removed by comparing). */
    async replace(auth: AuthContext, id: number, body: AutomationDevicesBody) {
      const rule = await requireRule(auth, id);
      const wanted = await devicesFor(auth, rule, body);
      const current = await assignedVisible(auth, rule.id);
      await transaction(async (tx) => {
        await devices.unassign(rule.id, difference(current, wanted), tx);
        await devices.assign(rule.id, wanted, tx);
      });
      changed();
    },

    /** Route 13: the rule switched on or off for devices (a covered device keeps its switch). */
    async activation(auth: AuthContext, id: number, body: AutomationDevicesActivationBody) {
      const rule = await requireRule(auth, id);
      await devicesFor(auth, rule, body);
      await transaction(async (tx) => {
        for (const item of body) await devices.setEnabled(rule.id, item.devices, item.enabled, tx);
      });
      changed();
    },

    /** Routes 14 and 15: devices added to or removed from rules explicitly. */
    async assignMany(auth: AuthContext, body: AutomationsDevicesAssignBody, assign: boolean) {
      const rules = await requireRules(
        auth,
        body.data.map((item, index) => ({
          id: item.automation_id,
          source: `data.${index}.automation_id`,
        })),
      );
      const named = body.data.flatMap((item, index) =>
        item.device_id.map((id, at) => ({ id, source: `data.${index}.device_id.${at}` })),
      );
      const paths = await requireDevices(auth, named);
      if (assign)
        body.data.forEach((item, index) => {
          const rule = rules.get(item.automation_id);
          item.device_id.forEach((deviceId, at) => {
            if (rule)
              requireInside(rule, paths.get(deviceId) ?? '', `data.${index}.device_id.${at}`);
          });
        });
      await transaction(async (tx) => {
        for (const item of body.data) {
          if (assign) await devices.assign(item.automation_id, item.device_id, tx);
          else await devices.unassign(item.automation_id, item.device_id, tx);
        }
      });
      changed();
    },

    /** Route 16: per device, its explicit rules (among those the caller sees) become those given. */
    async overwriteDevices(auth: AuthContext, body: DevicesAutomationsOverwriteBody) {
      await checkOverwrite(auth, body);
      await transaction(async (tx) => {
        for (const item of body.data) {
          const current = await devices.assignedRules(auth, item.device_id, tx);
          for (const ruleId of difference(current, item.automation_id))
            await devices.unassign(ruleId, [item.device_id], tx);
          for (const ruleId of item.automation_id)
            await devices.assign(ruleId, [item.device_id], tx);
        }
      });
      changed();
    },

    /** Route 17: per rule named, its explicit devices become the devices that list it. */
    async overwriteAutomations(auth: AuthContext, body: DevicesAutomationsOverwriteBody) {
      await checkOverwrite(auth, body);
      const wanted = new Map<number, number[]>();
      for (const item of body.data)
        for (const ruleId of item.automation_id)
          wanted.set(ruleId, [...(wanted.get(ruleId) ?? []), item.device_id]);
      const current = new Map<number, number[]>();
      for (const ruleId of wanted.keys()) current.set(ruleId, await assignedVisible(auth, ruleId));
      await transaction(async (tx) => {
        for (const [ruleId, deviceIds] of wanted) {
          await devices.unassign(ruleId, difference(current.get(ruleId) ?? [], deviceIds), tx);
          await devices.assign(ruleId, deviceIds, tx);
        }
      });
      changed();
    },
  };
};

export type AutomationDevicesService = ReturnType<typeof createAutomationDevicesService>;
