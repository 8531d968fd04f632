import { randomInt } from 'node:crypto';
import {
  COMPANY_MESSAGES,
  CREDIT_CODE_LENGTH,
  CREDIT_CODE_MESSAGES,
  ERROR_CODES,
  type ActivatedPool,
  type CreateCreditCodeBody,
  type CreditCode,
  type CreditCodeListQuery,
  type UpdateCreditCodeBody,
} from '@netfleet/contracts';
import { ApiError, invalid, notFound, tooManyAttempts } from '@/lib/api-error';
import { toApiDate, toApiDateOrNull } from '@/lib/dates';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { AttemptStore } from '@/modules/identity/auth/login-limiter';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { NotificationsService } from '@/modules/system/notifications/notifications.service';
import type { CodeRow, CreditCodesRepository } from './credit-codes.repository';
import type { CreditLedger } from './credit-ledger';
import { typeOf } from './credit-mappers';
import type { CreditEvents } from './credits.service';
import { typeNamedFor } from './credits.service';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Invalid codes a user (or an address) may try per window before waiting (issue 20). */
export const CODE_ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
export const CODE_MAX_FAILURES_PER_USER = 10;
export const CODE_MAX_FAILURES_PER_IP = 30;

/** 32 characters from a CSPRNG: about 165 bits, beyond guessing at any request rate. */
export const generateCode = () =>
  Array.from({ length: CREDIT_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const toCode = (row: CodeRow): CreditCode => ({
  id: row.id,
  code: row.code,
  company_id: row.companyId,
  company_name: row.companyName,
  email: row.creatorEmail,
  credits_amount: row.amount,
  credit_type: typeOf(row.creditTypeId).name,
  comment: row.comment,
  is_used: row.activatedAt !== null,
  used_by_company_id: row.usedByCompanyId,
  used_by_company_name: row.usedByCompanyName,
  used_by_user_id: row.usedByUserId,
  activated_at: toApiDateOrNull(row.activatedAt),
  created_at: toApiDate(row.createdAt),
  status: row.activatedAt ? 'used' : row.revokedAt ? 'revoked' : 'active',
  revoked_at: toApiDateOrNull(row.revokedAt),
});

interface Deps {
  codesRepository: CreditCodesRepository;
  ledger: CreditLedger;
  companies: Pick<CompaniesRepository, 'find'>;
  transaction: RunInTransaction;
  notifications: Pick<NotificationsService, 'notify'>;
  attempts: AttemptStore;
  events: CreditEvents;
  now: () => Date;
}

/**
 * Codes carry credits from one company to any other: made (the credits leave the creating company
 * at once), activated once by another company, or revoked (the credits come back).
 */
export const createCreditCodesService = ({
  codesRepository,
  ledger,
  companies,
  transaction,
  notifications,
  attempts,
  events,
  now,
}: Deps) => {
  const requireCode = async (auth: AuthContext, id: number) => {
    const row = await codesRepository.find(auth, id);
    if (!row) throw notFound(CREDIT_CODE_MESSAGES.notFound);
    return row;
  };
  const attemptKeys = (auth: AuthContext, ip: string) => [
    { key: `credit-code:user:${auth.realUser.id}`, max: CODE_MAX_FAILURES_PER_USER },
    { key: `credit-code:ip:${ip}`, max: CODE_MAX_FAILURES_PER_IP },
  ];
  const refuseWhenThrottled = async (auth: AuthContext, ip: string) => {
    for (const { key, max } of attemptKeys(auth, ip)) {
      const entry = await attempts.get(key);
      if (entry && entry.count >= max) {
        const seconds = Math.max(1, Math.ceil((entry.resetAt - now().getTime()) / 1000));
        throw tooManyAttempts(seconds, CREDIT_CODE_MESSAGES.tooManyAttempts);
      }
    }
  };
  const fail = async (auth: AuthContext, ip: string, message: string): Promise<never> => {
    for (const { key } of attemptKeys(auth, ip))
      await attempts.increment(key, CODE_ATTEMPT_WINDOW_MS);
    throw invalid(message, 'code');
  };

  return {
    async list(auth: AuthContext, query: CreditCodeListQuery) {
      const { rows, total } = await codesRepository.list(auth, query);
      return { data: rows.map(toCode), total };
    },

    async create(auth: AuthContext, body: CreateCreditCodeBody): Promise<CreditCode> {
      const type = typeNamedFor(auth, body.credit_type_name, body.payment_type);
      // Spec §5: only super admins choose the company the credits come from.
      const companyId =
        body.company_id !== undefined && isSuperAdmin(auth.permissions)
          ? body.company_id
          : auth.company.id;
      if (!(await companies.find(auth, companyId)))
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
      const { id, low } = await transaction(async (tx) => {
        const codeId = await codesRepository.insert(
          {
            code: generateCode(),
            companyId,
            creditTypeId: type.id,
            amount: body.amount,
            comment: body.comment ?? '',
            createdBy: auth.user.id,
          },
          tx,
        );
        const taken = await ledger.take(
          {
            companyId,
            creditTypeId: type.id,
            amount: body.amount,
            actionType: 5,
            userId: auth.user.id,
            codeId,
          },
          tx,
        );
        return { id: codeId, low: taken.low };
      });
      if (low) events.creditLow([low]);
      return toCode(await requireCode(auth, id));
    },

    async update(auth: AuthContext, id: number, body: UpdateCreditCodeBody): Promise<CreditCode> {
      await requireCode(auth, id);
      await codesRepository.setComment(id, body.comment ?? '');
      return toCode(await requireCode(auth, id));
    },

    /** Revokes an unused code; its credits return to the company that made it. */
    async revoke(auth: AuthContext, id: number) {
      const code = await requireCode(auth, id);
      await transaction(async (tx) => {
        if (!(await codesRepository.markRevoked(id, now(), tx)))
          throw invalid(
            code.revokedAt ? CREDIT_CODE_MESSAGES.revoked : CREDIT_CODE_MESSAGES.notRevocable,
            null,
          );
        await ledger.give(
          {
            companyId: code.companyId,
            creditTypeId: code.creditTypeId,
            amount: code.amount,
            actionType: 7,
            userId: auth.user.id,
            codeId: id,
          },
          { origin: 'code_returned', userId: auth.user.id },
          tx,
        );
      });
    },

    /**
     * Activates a code for the caller's company, once. Unknown, used and revoked codes count as
     * failed attempts; after too many the caller waits (429).
     */
    async activate(auth: AuthContext, rawCode: string, ip: string): Promise<ActivatedPool[]> {
      await refuseWhenThrottled(auth, ip);
      const code = await codesRepository.findByCode(rawCode.trim().toLowerCase());
      if (!code) return fail(auth, ip, CREDIT_CODE_MESSAGES.invalid);
      if (code.revokedAt) return fail(auth, ip, CREDIT_CODE_MESSAGES.revoked);
      if (code.activatedAt) return fail(auth, ip, CREDIT_CODE_MESSAGES.used);
      if (code.companyId === auth.company.id)
        throw invalid(CREDIT_CODE_MESSAGES.ownCompany, 'code');
      const at = now();
      const poolId = await transaction(async (tx) => {
        const used = await codesRepository.markUsed(
          code.id,
          { companyId: auth.company.id, userId: auth.user.id, at },
          tx,
        );
        // A concurrent activation or revocation won between the read and this update.
        if (!used) throw invalid(CREDIT_CODE_MESSAGES.used, 'code');
        const given = await ledger.give(
          {
            companyId: auth.company.id,
            creditTypeId: code.creditTypeId,
            amount: code.amount,
            actionType: 6,
            userId: auth.user.id,
            counterpartCompanyId: code.companyId,
            codeId: code.id,
          },
          { origin: 'code', userId: auth.user.id },
          tx,
        );
        return given.poolId;
      });
      if (code.createdBy !== null) {
        await notifications.notify(
          code.createdBy,
          'creditCodeActivation',
          `${auth.company.name} activated your code …${code.code.slice(-6)} for ${code.amount} credit(s)`,
        );
      }
      const stamp = toApiDate(at);
      return [
        {
          id: poolId,
          company_id: auth.company.id,
          license_type_id: code.creditTypeId,
          licence_type: typeOf(code.creditTypeId).name,
          licence_count: code.amount,
          licence_left: code.amount,
          licence_reserved: 0,
          licence_price: 0,
          pro_form_nr: null,
          parent_pool_id: null,
          parent_pool_id_company_name: code.companyName,
          validity: typeOf(code.creditTypeId).validity_months,
          buy_date: stamp,
          expire_at: null,
          deleted_at: null,
          user_id: auth.user.id,
          created_at: stamp,
          updated_at: stamp,
        },
      ];
    },
  };
};

export type CreditCodesService = ReturnType<typeof createCreditCodesService>;
