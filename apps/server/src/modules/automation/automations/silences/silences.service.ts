import {
  AUTOMATION_MESSAGES,
  AUTOMATION_SILENCE_MESSAGES,
  parseApiDate,
  silenceWindowError,
  toApiDate,
  type CreateSilenceBody,
  type Silence,
  type SilenceListQuery,
  type UpdateSilenceBody,
} from '@netfleet/contracts';
import { invalid, notFound } from '@/lib/api-error';
import { nextOccurrence } from '@/modules/automation/device-tasks/recurrence';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { SilenceRow, SilencesRepository, SilenceValues } from './silences.repository';

export interface SilencesServiceDeps {
  silences: SilencesRepository;
  /** Called after every committed write: the live evaluation reloads its silences. */
  onSilencesChanged?: (() => void) | undefined;
}

export const toSilence = (row: SilenceRow): Silence => ({
  id: row.id,
  name: row.name,
  company_id: row.companyId,
  created_by: row.createdBy,
  automation_ids: row.automationIds,
  device_ids: row.deviceIds,
  tag_ids: row.tagIds,
  starts_at: toApiDate(row.startsAt),
  ends_at: toApiDate(row.endsAt),
  recurrence: row.recurrence,
  notify_after: row.notifyAfter,
  created_at: toApiDate(row.createdAt),
});

const asBody = (row: SilenceRow): CreateSilenceBody => ({
  ...toSilence(row),
  company_id: row.companyId,
});

/**
 * Silences of automations (design §4.7): scoped to the caller's companies like the rules; what a
 * silence names (automations, devices, tags) must be visible to the caller and inside the
 * silence's company subtree, each error at its field.
 */
export const createSilencesService = (deps: SilencesServiceDeps) => {
  const { silences } = deps;

  const requireSilence = async (auth: AuthContext, id: number) => {
    const row = await silences.find(auth, id);
    if (!row) throw notFound(AUTOMATION_SILENCE_MESSAGES.notFound);
    return row;
  };

  /** Every id visible and inside `companyPath`; the first that is not answers 422 at its index. */
  const checkTargets = async (auth: AuthContext, body: CreateSilenceBody, companyPath: string) => {
    const lists = [
      ['automation_ids', silences.automations, AUTOMATION_MESSAGES.notFound, 'automationOutside'],
      ['device_ids', silences.devices, AUTOMATION_MESSAGES.deviceNotFound, 'deviceOutside'],
      ['tag_ids', silences.tags, AUTOMATION_MESSAGES.tagNotFound, 'tagOutside'],
    ] as const;
    for (const [field, find, missing, outside] of lists) {
      const ids = body[field];
      const paths = await find(auth, ids);
      ids.forEach((id, index) => {
        const path = paths.get(id);
        if (path === undefined) throw invalid(missing, `${field}.${index}`);
        if (!path.startsWith(companyPath))
          throw invalid(AUTOMATION_SILENCE_MESSAGES[outside], `${field}.${index}`);
      });
    }
  };

  /** The whole body checked; answers its columns. */
  const checked = async (auth: AuthContext, body: CreateSilenceBody): Promise<SilenceValues> => {
    const windowError = silenceWindowError(body.starts_at, body.ends_at);
    if (windowError) throw invalid(windowError, 'ends_at');
    const companyId = body.company_id ?? auth.company.id;
    const companyPath = await silences.companyPath(auth, companyId);
    if (companyPath === null) throw invalid(AUTOMATION_MESSAGES.companyNotFound, 'company_id');
    await checkTargets(auth, body, companyPath);
    // The schedule is read as the task manager reads it (its errors at recurrence.cron/time_zone).
    if (body.recurrence) nextOccurrence(body.recurrence, new Date());
    return {
      companyId,
      name: body.name,
      automationIds: body.automation_ids,
      deviceIds: body.device_ids,
      tagIds: body.tag_ids,
      startsAt: new Date(parseApiDate(body.starts_at)),
      endsAt: new Date(parseApiDate(body.ends_at)),
      recurrence: body.recurrence,
      notifyAfter: body.notify_after,
    };
  };

  const changed = () => deps.onSilencesChanged?.();

  const get = async (auth: AuthContext, id: number) => toSilence(await requireSilence(auth, id));

  return {
    get,

    async list(auth: AuthContext, query: SilenceListQuery) {
      const { rows, total } = await silences.list(auth, query);
      return { data: rows.map(toSilence), total };
    },

    async create(auth: AuthContext, body: CreateSilenceBody) {
      const values = await checked(auth, body);
      const id = await silences.insert({ ...values, createdBy: auth.user.id });
      changed();
      return get(auth, id);
    },

    /** Only the fields sent change; the merged silence is checked as a new one would be. */
    async update(auth: AuthContext, id: number, body: UpdateSilenceBody) {
      const row = await requireSilence(auth, id);
      const sent = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const values = await checked(auth, { ...asBody(row), ...sent });
      await silences.update(id, values);
      changed();
      return get(auth, id);
    },

    async remove(auth: AuthContext, id: number) {
      await requireSilence(auth, id);
      await silences.remove(id);
      changed();
    },
  };
};

export type SilencesService = ReturnType<typeof createSilencesService>;
