import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** automation_scopes.kind: a tag's devices, or a company's (with its subtree). */
export const AUTOMATION_SCOPE_KINDS = { tag: 2, company: 3 } as const;

type Operand = SQL | AnyColumn | number | string;

/**
 * Whether a device is covered by a rule, for the repositories' queries: inside the rule's company
 * subtree, and assigned explicitly, tagged with a scope tag, or in a scope company's subtree. The
 * inner tables carry aliases of their own, so the operands may name the outer query's columns.
 */
export const coveredDevice = (ref: {
  automationId: Operand;
  /** The rule's company path. */
  rulePath: Operand;
  deviceId: Operand;
  /** The device's company path. */
  devicePath: Operand;
}): SQL => sql`(${ref.devicePath} like ${ref.rulePath} || '%' and (
  exists (select 1 from automation_devices ad
    where ad.automation_id = ${ref.automationId} and ad.device_id = ${ref.deviceId} and ad.assigned)
  or exists (select 1 from automation_scopes s join device_tags dt on dt.tag_id = s.target_id
    where s.automation_id = ${ref.automationId} and s.kind = ${AUTOMATION_SCOPE_KINDS.tag}
      and dt.device_id = ${ref.deviceId})
  or exists (select 1 from automation_scopes s join companies sc on sc.id = s.target_id
    where s.automation_id = ${ref.automationId} and s.kind = ${AUTOMATION_SCOPE_KINDS.company}
      and ${ref.devicePath} like sc.path || '%')))`;

/** Not switched off for the rule by its automation_devices row (route 13). */
export const enabledFor = (automationId: Operand, deviceId: Operand): SQL =>
  sql`not exists (select 1 from automation_devices x
    where x.automation_id = ${automationId} and x.device_id = ${deviceId} and not x.enabled)`;
