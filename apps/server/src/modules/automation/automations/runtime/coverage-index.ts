import { AUTOMATION_SCOPE_KINDS } from '@/modules/automation/automations/automation-coverage';

/** An enabled rule's scope row: its company path and one scope target (none: kind null). */
export interface ScopeRow {
  automationId: number;
  rulePath: string;
  kind: number | null;
  targetId: number | null;
  /** The scope company's path (kind company). */
  targetPath: string | null;
}

export interface DeviceFacts {
  id: number;
  path: string;
  tagIds: readonly number[];
}

interface RuleScope {
  id: number;
  rulePath: string;
  tags: Set<number>;
  companyPaths: string[];
}

/**
 * Which enabled rules cover each device, in memory: a 10,000-device fleet with 1,000 rules scoped
 * to its company would be ten million (rule, device) rows as SQL. Devices with the same company
 * and tags get one shared, sorted list; explicit assignments are added per device. Always bounded
 * by the rule's own company subtree (as `coveredDevice` in automation-coverage.ts).
 */
export const coverageOf = (
  scopes: readonly ScopeRow[],
  devices: readonly DeviceFacts[],
  explicit: readonly { automationId: number; deviceId: number }[],
): Map<number, number[]> => {
  const rules = new Map<number, RuleScope>();
  for (const row of scopes) {
    const rule = rules.get(row.automationId) ?? {
      id: row.automationId,
      rulePath: row.rulePath,
      tags: new Set<number>(),
      companyPaths: [],
    };
    rules.set(row.automationId, rule);
    if (row.kind === AUTOMATION_SCOPE_KINDS.tag && row.targetId !== null)
      rule.tags.add(row.targetId);
    if (row.kind === AUTOMATION_SCOPE_KINDS.company && row.targetPath !== null)
      rule.companyPaths.push(row.targetPath);
  }
  const bySignature = new Map<string, number[]>();
  const scoped = (device: DeviceFacts) => {
    const signature = `${device.path}|${[...device.tagIds].sort((a, b) => a - b).join(',')}`;
    let list = bySignature.get(signature);
    if (!list) {
      list = [];
      for (const rule of rules.values())
        if (
          device.path.startsWith(rule.rulePath) &&
          (device.tagIds.some((tag) => rule.tags.has(tag)) ||
            rule.companyPaths.some((path) => device.path.startsWith(path)))
        )
          list.push(rule.id);
      list.sort((a, b) => a - b);
      bySignature.set(signature, list);
    }
    return list;
  };
  const assigned = new Map<number, number[]>();
  for (const { automationId, deviceId } of explicit) {
    const list = assigned.get(deviceId);
    if (list) list.push(automationId);
    else assigned.set(deviceId, [automationId]);
  }
  const coverage = new Map<number, number[]>();
  for (const device of devices) {
    const base = scoped(device);
    const extra = (assigned.get(device.id) ?? []).filter(
      (id) => !base.includes(id) && device.path.startsWith(rules.get(id)?.rulePath ?? '\u0000'),
    );
    const list = extra.length ? [...base, ...extra].sort((a, b) => a - b) : base;
    if (list.length) coverage.set(device.id, list);
  }
  return coverage;
};
