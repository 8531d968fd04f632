import {
  COMPANY_MAX_LEVEL,
  COMPANY_MESSAGES,
  COMPANY_PARENT_LEVELS,
  ERROR_CODES,
  paymentTypeSchema,
  type Company,
  type CompanyFlagsBody,
  type CompanyListQuery,
  type CompanyTreeNode,
  type CreateCompanyBody,
  type MoveCompanyBody,
  type UpdateCompanyBody,
} from '@netfleet/contracts';
import type { Executor } from '@/db/client';
import { ApiError, conflict, forbidden, invalid } from '@/lib/api-error';
import {
  type ActionActor,
  actorOf,
  type ActionLogService,
} from '@/modules/system/action-log/action-log.service';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { CompaniesRepository, CompanyChanges } from './companies.repository';
import { toApiDate } from '@/lib/dates';

type CompanyRow = NonNullable<Awaited<ReturnType<CompaniesRepository['find']>>>;

const notFoundAt = (source: string | null) =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, source);

const toCompany = (row: CompanyRow): Company => ({
  id: row.id,
  name: row.name,
  level: row.level,
  parent_id: row.parentId,
  parent_name: row.parentName,
  email: row.email,
  // Management credits and data packs left, every credit type of each summed.
  credits_left: row.creditsLeft,
  packs_left: row.packsLeft,
  remaining_data: row.remainingData,
  // A value outside the enum (written by hand in the database) reads as the default.
  payment_type: paymentTypeSchema.safeParse(row.paymentType).data ?? 'free',
  show_payment: row.showPayment,
  mfa_enforced: row.mfaEnforced,
  users_count: row.userCount,
  devices_count: row.devicesCount,
  // netfleet has no licenses, so there is nothing a subsidiary could borrow from its parent.
  can_use_parent_license: null,
  child_count: row.childCount,
  created_at: toApiDate(row.createdAt),
});

interface Deps {
  companiesRepository: CompaniesRepository;
  status: Pick<StatusService, 'open' | 'publish'>;
  actionLog: Pick<ActionLogService, 'record'>;
  transaction: RunInTransaction;
}

/** Companies of the caller's tree: reads, subsidiaries, edits, moves and asynchronous deletes. */
export const createCompaniesService = ({
  companiesRepository,
  status,
  actionLog,
  transaction,
}: Deps) => {
  /** Reads a company back after a write the caller was allowed to make. */
  const reread = async (id: number, tx?: Executor) => {
    const row = await companiesRepository.find(null, id, tx);
    if (!row) throw notFoundAt(null);
    return toCompany(row);
  };

  const deleteSubtree = async (
    company: { id: number; name: string },
    channel: string,
    actor: ActionActor,
  ) => {
    const item = String(company.id);
    const publish = (update: Parameters<typeof status.publish>[2]) =>
      status.publish(channel, item, update);
    let deleted = 0;
    let total = 0;
    try {
      // Read again: the company may have moved since the request was answered.
      const current = await companiesRepository.find(null, company.id);
      if (!current) throw new Error(`company ${company.id} vanished before its deletion started`);
      const subtree = await companiesRepository.subtreeDeepestFirst(current.path);
      total = subtree.length;
      const others = total - 1;
      await publish({
        status: 'started',
        value: others
          ? `Deleting ${company.name} and ${others} subsidiary compan${others === 1 ? 'y' : 'ies'}`
          : `Deleting ${company.name}`,
        progress: { value: 0, total },
      });
      for (const target of subtree) {
        await transaction((tx) => companiesRepository.deleteWithUsers(target.id, tx));
        deleted += 1;
        await publish({
          status: 'progress',
          value: `Deleted ${target.name}`,
          progress: { value: deleted, total },
        });
      }
      // Logged once the whole subtree is gone, so the trail never claims a deletion that failed.
      await actionLog.record(actor, 'company_delete', {
        entity: 'company',
        entityId: company.id,
        details: { name: company.name, companies: total },
      });
      await publish({ status: 'completed', value: `Deleted ${company.name}` });
    } catch (error) {
      // Deepest first, so whatever is left is still a whole tree; the user learns how far it got.
      await publish({
        status: 'error',
        value: `Deleting ${company.name} failed after ${deleted} of ${total || '?'} companies`,
      });
      throw error;
    }
  };

  return {
    async list(auth: AuthContext, query: CompanyListQuery) {
      const { rows, total } = await companiesRepository.list(auth, query);
      return { data: rows.map(toCompany), total };
    },

    async tree(auth: AuthContext): Promise<CompanyTreeNode[]> {
      const rows = await companiesRepository.tree(auth);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        level: row.level,
        parent_id: row.parentId,
      }));
    },

    async get(auth: AuthContext, id: number): Promise<Company> {
      const row = await companiesRepository.find(auth, id);
      if (!row) throw notFoundAt(null);
      return toCompany(row);
    },

    /** A subsidiary one level below its parent; only level 1 and 2 companies can have them. */
    create(auth: AuthContext, body: CreateCompanyBody, ip: string): Promise<Company> {
      return transaction(async (tx) => {
        // Locked so two requests cannot both pass the sibling-name check.
        const parent = await companiesRepository.lock(auth, body.parent_id, tx);
        if (!parent) throw notFoundAt('parent_id');
        if (!(COMPANY_PARENT_LEVELS as readonly number[]).includes(parent.level)) {
          throw invalid(COMPANY_MESSAGES.parentLevel, 'parent_id');
        }
        if (await companiesRepository.nameTaken(parent.id, body.name, null, tx)) {
          throw conflict(COMPANY_MESSAGES.duplicateName, 'name');
        }
        const id = await companiesRepository.insert(
          {
            name: body.name,
            parentId: parent.id,
            level: parent.level + 1,
            parentPath: parent.path,
          },
          tx,
        );
        await actionLog.record(
          actorOf(auth, ip),
          'company_create',
          { entity: 'company', entityId: id, details: { name: body.name, parent_id: parent.id } },
          tx,
        );
        return reread(id, tx);
      });
    },

    update(auth: AuthContext, id: number, body: UpdateCompanyBody, ip: string): Promise<Company> {
      return transaction(async (tx) => {
        const current = await companiesRepository.lock(auth, id, tx);
        if (!current) throw notFoundAt(null);
        const changes: CompanyChanges = {};
        if (body.name !== undefined) {
          if (
            current.parentId !== null &&
            (await companiesRepository.nameTaken(current.parentId, body.name, id, tx))
          ) {
            throw conflict(COMPANY_MESSAGES.duplicateName, 'name');
          }
          changes.name = body.name;
        }
        if (body.email !== undefined) changes.email = body.email;
        if (Object.keys(changes).length) {
          await companiesRepository.update(id, changes, tx);
          await actionLog.record(
            actorOf(auth, ip),
            'company_update',
            { entity: 'company', entityId: id, details: { ...changes } },
            tx,
          );
        }
        return reread(id, tx);
      });
    },

    /** Payment settings are a system administrator's; any company manager may enforce MFA. */
    async setFlags(
      auth: AuthContext,
      id: number,
      body: CompanyFlagsBody,
      ip: string,
    ): Promise<Company> {
      return transaction(async (tx) => {
        const current = await companiesRepository.lock(auth, id, tx);
        if (!current) throw notFoundAt(null);
        const changesPayment =
          (body.show_payment !== undefined && body.show_payment !== current.showPayment) ||
          (body.payment_type !== undefined && body.payment_type !== current.paymentType);
        if (changesPayment && !isSuperAdmin(auth.permissions)) {
          throw forbidden(COMPANY_MESSAGES.paymentSuperAdminOnly);
        }
        const changes: CompanyChanges = {};
        if (body.show_payment !== undefined) changes.showPayment = body.show_payment;
        if (body.payment_type !== undefined) changes.paymentType = body.payment_type;
        if (body.mfa_enforced !== undefined) changes.mfaEnforced = body.mfa_enforced;
        if (Object.keys(changes).length) {
          await companiesRepository.update(id, changes, tx);
          await actionLog.record(
            actorOf(auth, ip),
            'company_flags',
            { entity: 'company', entityId: id, details: { ...body } },
            tx,
          );
        }
        return reread(id, tx);
      });
    },

    /** Moves `source` with its whole subtree under `target`, in one transaction. */
    move(auth: AuthContext, body: MoveCompanyBody, ip: string): Promise<Company> {
      return transaction(async (tx) => {
        // Both rows locked, lower id first so two crossing moves cannot deadlock; paths are
        // read under the lock, so a concurrent move cannot turn this one into a cycle.
        const ends = [
          { field: 'source', id: body.source },
          { field: 'target', id: body.target },
        ].sort((a, b) => a.id - b.id);
        const locked = new Map<string, Awaited<ReturnType<CompaniesRepository['lock']>>>();
        for (const end of ends) {
          const row = await companiesRepository.lock(auth, end.id, tx);
          if (!row) throw notFoundAt(end.field);
          locked.set(end.field, row);
        }
        const source = locked.get('source');
        const target = locked.get('target');
        if (!source || !target) throw notFoundAt(null);
        if (source.id === auth.company.id) throw invalid(COMPANY_MESSAGES.moveOwn, 'source');
        if (source.parentId === null) throw invalid(COMPANY_MESSAGES.moveRoot, 'source');
        if (target.path.startsWith(source.path)) {
          throw invalid(COMPANY_MESSAGES.moveIntoSubtree, 'target');
        }
        const depthBelow = (await companiesRepository.deepestLevel(source.path, tx)) - source.level;
        if (target.level + 1 + depthBelow > COMPANY_MAX_LEVEL) {
          throw invalid(COMPANY_MESSAGES.tooDeep, 'target');
        }
        if (await companiesRepository.nameTaken(target.id, source.name, source.id, tx)) {
          throw conflict(COMPANY_MESSAGES.duplicateName, 'target');
        }
        await companiesRepository.moveSubtree(source, target, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'company_move',
          {
            entity: 'company',
            entityId: source.id,
            details: { from: source.parentId, to: target.id },
          },
          tx,
        );
        return reread(source.id, tx);
      });
    },

    /**
     * Checks what can be checked at once, opens a status channel and returns it with `done`,
     * the background deletion (deepest company first, each with its users) reporting on it.
     * `done` rejects only after the failure was published on the channel.
     */
    async startDelete(auth: AuthContext, id: number, ip: string) {
      const company = await companiesRepository.find(auth, id);
      if (!company) throw notFoundAt(null);
      if (company.id === auth.company.id) throw invalid(COMPANY_MESSAGES.deleteOwn, null);
      if (company.parentId === null) throw invalid(COMPANY_MESSAGES.deleteRoot, null);
      const stranded = await companiesRepository.countStrandedRoleHolders(company.path);
      if (stranded > 0) {
        throw conflict(
          `Roles of these companies are still assigned to ${stranded} user(s) of other companies`,
        );
      }
      const channel = await status.open(auth.user.id);
      return { channel, done: deleteSubtree(company, channel, actorOf(auth, ip)) };
    },
  };
};

export type CompaniesService = ReturnType<typeof createCompaniesService>;
