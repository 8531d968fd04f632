import {
  AUTOMATION_PREVIEW_DEVICES_MAX,
  automationParameterOf,
  type AutomationPreview,
  type AutomationPreviewBody,
  type AutomationScope,
  TELEMETRY_CATEGORIES,
  type TelemetryCategory,
} from '@netfleet/contracts';
import { runInBackground } from '@/lib/foreground';
import { invalid } from '@/lib/api-error';
import { compileRule } from '@/modules/automation/automations/engine/compile';
import { ruleDefinitionOf } from '@/modules/automation/automations/engine/rule-definition';
import type { CompiledRule } from '@/modules/automation/automations/engine/rule-types';
import type { PreviewRepository } from './preview.repository';
import { emptyCounts, replayReadings, type ReplayReading } from './preview-replay';

/** Devices replayed together: one query per category per batch. */
const BATCH = 50;
const TOP_DEVICES = 10;

/** What a rule being edited would cover. */
export interface PreviewScope {
  companyId: number;
  scope: AutomationScope;
  /** A saved rule's explicitly assigned devices count too. */
  automationId?: number | undefined;
  /** Devices the editor is about to assign. */
  deviceIds: readonly number[];
}

export interface AutomationPreviewDeps {
  repository: Pick<
    PreviewRepository,
    'devicesInScope' | 'denseDevices' | 'readings' | 'deviceNames'
  >;
  now: () => Date;
}

const compiledOf = (body: AutomationPreviewBody): CompiledRule => {
  const result = compileRule(ruleDefinitionOf(body.id ?? 0, body));
  if (result.ok) return result.rule;
  const [first] = result.errors;
  throw invalid(first?.message ?? 'Invalid conditions', `conditions_body.0.${first?.path ?? ''}`);
};

/** The telemetry categories the rule reads, and the parameters (events, status) it cannot replay. */
const sourcesOf = (rule: CompiledRule) => {
  const categories = new Set<TelemetryCategory>();
  const unreplayed: string[] = [];
  for (const key of rule.parameters) {
    const source = automationParameterOf(key)?.source;
    if (source && (TELEMETRY_CATEGORIES as readonly string[]).includes(source))
      categories.add(source as TelemetryCategory);
    else unreplayed.push(key);
  }
  return { categories: [...categories], unreplayed };
};

/**
 * "Would have fired N times on the last 24 h": the rule replayed through the live evaluator over
 * the stored readings of the devices it would cover (design §5). It runs as background work so a
 * long replay never holds up the console's requests on the embedded database.
 */
export const createAutomationPreview = (deps: AutomationPreviewDeps) => ({
  preview: (scope: PreviewScope, body: AutomationPreviewBody): Promise<AutomationPreview> =>
    runInBackground(async () => {
      const rule = compiledOf(body);
      const { categories, unreplayed } = sourcesOf(rule);
      const until = deps.now();
      const since = new Date(until.getTime() - body.hours * 3_600_000);
      const covered = await deps.repository.devicesInScope(scope, AUTOMATION_PREVIEW_DEVICES_MAX);
      const counts = emptyCounts();
      let thinned = false;
      for (let start = 0; start < covered.ids.length; start += BATCH) {
        const batch = covered.ids.slice(start, start + BATCH);
        const readings: ReplayReading[] = [];
        for (const category of categories) {
          const dense = await deps.repository.denseDevices(batch, category, since);
          const sparse = batch.filter((id) => !dense.has(id));
          readings.push(...(await deps.repository.readings(sparse, category, since, false)));
          readings.push(...(await deps.repository.readings([...dense], category, since, true)));
          thinned ||= dense.size > 0;
        }
        readings.sort((a, b) => a.ts.getTime() - b.ts.getTime());
        replayReadings(rule, batch, readings, until, counts);
      }
      const top = [...counts.byDevice]
        .sort(([, a], [, b]) => b.fired - a.fired)
        .slice(0, TOP_DEVICES);
      const names = await deps.repository.deviceNames(top.map(([id]) => id));
      return {
        hours: body.hours,
        fired: counts.fired,
        resolved: counts.resolved,
        devices_evaluated: covered.ids.length,
        devices_in_scope: covered.total,
        truncated: covered.total > covered.ids.length,
        thinned,
        unreplayed_parameters: unreplayed,
        per_device: top.map(([id, device]) => ({
          device_id: id,
          device_name: names.get(id) ?? '',
          ...device,
        })),
      };
    }),
});

export type AutomationPreviewService = ReturnType<typeof createAutomationPreview>;
