import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createMailRepository } from '@/modules/system/mail/mail.repository';
import { createActionChecks } from './automation-action-checks';
import { createAutomationDevicesRepository } from './automation-devices.repository';
import { automationDevicesRoutes } from './automation-devices.routes';
import { createAutomationDevicesService } from './automation-devices.service';
import { createAutomationLogsRepository } from './automation-logs.repository';
import { createAutomationRefsRepository } from './automation-refs.repository';
import { createAutomationsRepository } from './automations.repository';
import { automationsRoutes } from './automations.routes';
import { createAutomationsService } from './automations.service';
import { createOpenAlertsRepository } from './open-alerts.repository';
import { createAutomationPreview } from './preview/automation-preview';
import { automationPreviewRoutes } from './preview/automation-preview.routes';
import { createPreviewRepository } from './preview/preview.repository';
import { createSilencesRepository } from './silences/silences.repository';
import { silencesRoutes } from './silences/silences.routes';
import { createSilencesService } from './silences/silences.service';

export interface AutomationsDeps {
  /**
   * Called after every write that changes rules, their scope, assignments or enablement, once it
   * committed: the live evaluator reloads.
   */
  onRulesChanged?: (() => void) | undefined;
  /** Called after every committed silence write: the live evaluator reloads its silences. */
  onSilencesChanged?: (() => void) | undefined;
}

/** RMS automations (design docs/design/alerts-automations.md §1, routes 1–17) and the catalogue. */
export const automationsModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: AutomationsDeps = {},
) => {
  const { db, transaction } = context;
  const automations = createAutomationsRepository(db);
  const devices = createAutomationDevicesRepository(db);
  const refs = createAutomationRefsRepository(db);
  const actions = createActionChecks({
    refs,
    webhooks: context.webhooks.repository,
    mail: createMailRepository(db),
  });
  const onRulesChanged = deps.onRulesChanged;
  const automationsService = createAutomationsService({
    transaction,
    automations,
    devices,
    logs: createAutomationLogsRepository(db),
    refs,
    actions,
    openAlerts: createOpenAlertsRepository(db),
    now: context.now,
    onRulesChanged,
  });
  const automationDevices = createAutomationDevicesService({
    transaction,
    automations,
    devices,
    onRulesChanged,
  });
  await app.register(automationsRoutes, { automations: automationsService });
  await app.register(automationDevicesRoutes, { automationDevices });
  const preview = createAutomationPreview({
    repository: createPreviewRepository(db),
    now: context.now,
  });
  await app.register(automationPreviewRoutes, { preview, refs });
  const silences = createSilencesService({
    silences: createSilencesRepository(db),
    onSilencesChanged: deps.onSilencesChanged,
  });
  await app.register(silencesRoutes, { silences });
  return { automations: automationsService, automationDevices };
};
