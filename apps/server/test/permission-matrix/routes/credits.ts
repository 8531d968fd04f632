import type { CompanyDataPurchase, CreditCode, CreditPool } from '@netfleet/contracts';
import { and, count, desc, eq, sum } from 'drizzle-orm';
import type { App } from '@/app';
import type { Database } from '@/db/client';
import {
  companies,
  companyDataPurchases,
  creditBalances,
  creditCodes,
  creditLedger,
  creditPools,
} from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { TestSession } from '@test/session';
import type { AreaTable, CaseContext } from '../matrix';

// Resources (credits), their ledger and codes, and company data bought with them. Credits are only
// ever made through the super admin's API (added, moved, put in codes, spent on data), so every
// pool, balance and ledger row adds up.

/** The paid management credit: the type non super admins move and put in codes. */
const CREDIT_TYPE_ID = 2;
const CREDIT_TYPE_NAME = 'credit';
let sequence = 0;

/** The standing credit rows of a zone (world.ts), which the list checks look for. */
export interface ZoneCredits {
  /** A pool the super admin added to the company. */
  poolId: number;
  /** The pool a move from the root company made in it. */
  movedPoolId: number;
  /** An unused code the company made. */
  codeId: number;
  /** Company data bought for the company. */
  purchaseId: number;
}

const send = async <T>(
  app: App,
  session: TestSession,
  request: { method: 'POST'; url: string; payload: object; expected: number },
): Promise<T> => {
  const { method, url, payload, expected } = request;
  const response = await app.inject({ method, url, payload, headers: session.headers });
  if (response.statusCode !== expected)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<{ data: T }>().data;
};

/** What the super admin does to set a case up: add credits, move them, make a code. */
const superAdminHand = (app: App, session: TestSession) => ({
  add: (companyId: number, amount: number, proFormNr = 'PF-matrix') =>
    send<CreditPool>(app, session, {
      method: 'POST',
      url: '/api/credits',
      payload: {
        credit_type_id: CREDIT_TYPE_ID,
        credit_count: amount,
        company_id: companyId,
        credit_price: 1,
        pro_form_nr: proFormNr,
      },
      expected: 201,
    }),
  move: (source: number, target: number, amount: number) =>
    send<unknown>(app, session, {
      method: 'POST',
      url: '/api/credits/move',
      payload: { credit_type_name: CREDIT_TYPE_NAME, source, target, amount },
      expected: 200,
    }),
  /** Company data for `companyId`, bought with its paid credits. */
  buyData: (companyId: number, credits: number) =>
    send<CompanyDataPurchase>(app, session, {
      method: 'POST',
      url: '/api/companies/data',
      payload: { company_id: companyId, credits },
      expected: 200,
    }),
  /** A code of `companyId` (the super admin names the company); it takes the credits first. */
  code: (companyId: number, amount: number, comment: string) =>
    send<CreditCode>(app, session, {
      method: 'POST',
      url: '/api/credits/codes',
      payload: { credit_type_name: CREDIT_TYPE_NAME, amount, company_id: companyId, comment },
      expected: 201,
    }),
});

/**
 * Gives the root company credits to move, and answers how to give each zone its standing rows:
 * a pool added to it, a pool moved into it from the root (so no zone's ledger or moves name another
 * zone), an unused code of it, whose comment carries the zone's marker, and company data bought.
 */
export const matrixCredits = async (
  db: Database,
  app: App,
  session: TestSession,
  root: CompanyRow,
) => {
  const hand = superAdminHand(app, session);
  await hand.add(root.id, 1000);
  return async (company: CompanyRow, marker: string): Promise<ZoneCredits> => {
    const pool = await hand.add(company.id, 100, `PF ${marker}`);
    await hand.move(root.id, company.id, 10);
    const [moved] = await db
      .select({ id: creditPools.id })
      .from(creditPools)
      .where(and(eq(creditPools.companyId, company.id), eq(creditPools.origin, 'moved')))
      .orderBy(desc(creditPools.id))
      .limit(1);
    if (!moved) throw new Error('the move made no pool');
    const code = await hand.code(company.id, 5, `code ${marker}`);
    const purchase = await hand.buyData(company.id, 1);
    return { poolId: pool.id, movedPoolId: moved.id, codeId: code.id, purchaseId: purchase.id };
  };
};

const db = (context: CaseContext) => context.world.t.db;
const hand = (context: CaseContext) =>
  superAdminHand(context.world.t.app, context.world.actors.super_admin.session);

/** Everything credits keep about a company: its balances, pools, ledger rows and codes. */
const footprint = async (context: CaseContext, companyId: number) => {
  const [balance] = await db(context)
    .select({ left: sum(creditBalances.creditsLeft) })
    .from(creditBalances)
    .where(eq(creditBalances.companyId, companyId));
  const [pools] = await db(context)
    .select({ n: count(), left: sum(creditPools.creditLeft) })
    .from(creditPools)
    .where(eq(creditPools.companyId, companyId));
  const [ledger] = await db(context)
    .select({ n: count() })
    .from(creditLedger)
    .where(eq(creditLedger.companyId, companyId));
  const codes = await db(context)
    .select()
    .from(creditCodes)
    .where(eq(creditCodes.companyId, companyId))
    .orderBy(creditCodes.id);
  return JSON.stringify({ balance, pools, ledger, codes });
};

/** Company data of a company: the bytes it holds and its purchases. */
const dataFootprint = async (context: CaseContext, companyId: number) => {
  const [company] = await db(context)
    .select({ bytes: companies.remainingData })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [purchases] = await db(context)
    .select({ n: count() })
    .from(companyDataPurchases)
    .where(eq(companyDataPurchases.companyId, companyId));
  return JSON.stringify({ company, purchases });
};

/** Taken now: whether the credits of these companies are still exactly as they are now. */
const unchanged = async (context: CaseContext, ...companyIds: number[]) => {
  const before = await Promise.all(companyIds.map((id) => footprint(context, id)));
  return async () => {
    const after = await Promise.all(companyIds.map((id) => footprint(context, id)));
    return after.every((print, index) => print === before[index]);
  };
};

/** Taken now: whether the company's credits and data are still exactly as they are now. */
const dataUnchanged = async (context: CaseContext, companyId: number) => {
  const credits = await unchanged(context, companyId);
  const before = await dataFootprint(context, companyId);
  return async () => (await credits()) && (await dataFootprint(context, companyId)) === before;
};

const codeRow = async (context: CaseContext, id: number) =>
  (await db(context).select().from(creditCodes).where(eq(creditCodes.id, id)))[0] ?? null;

/** A code of the zone's company, made by the super admin from credits given to it first. */
const zoneCode = async (context: CaseContext) => {
  const { company } = context.zone;
  await hand(context).add(company.id, 20);
  return hand(context).code(company.id, 2, context.world.fresh.label('code', company));
};

/**
 * The two companies of a move, per target: A to itself (refused whoever asks: a company needs a
 * subsidiary to move to, and own_only sees none), A down to A1 (also as the parent target, asked
 * from A1), or B down to B1.
 */
const moveEnds = ({ world, where }: CaseContext) => {
  const { own, child, foreign, foreignChild } = world.zones;
  if (where === 'own') return { source: own.company.id, target: own.company.id };
  if (where === 'child' || where === 'parent') {
    return { source: own.company.id, target: child.company.id };
  }
  return { source: foreign.company.id, target: foreignChild.company.id };
};

export const creditRoutes: AreaTable = {
  // The catalogue of types: no company's rows.
  'GET /api/credits/types': {
    permission: 'view_credits',
    scope: 'global',
    ok: 200,
    build: async () => ({ url: '/api/credits/types' }),
  },
  'GET /api/credits': {
    permission: 'view_credits',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/credits' }),
  },
  'GET /api/credits/history': {
    permission: 'view_credits',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/credits/history' }),
  },
  'GET /api/credits/move/history': {
    permission: 'view_credits',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/credits/move/history' }),
  },
  'GET /api/credits/summary': {
    permission: 'view_credits_summary',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/credits/summary?company_id=${zone.company.id}` }),
  },
  'POST /api/credits': {
    permission: 'super_admin',
    scope: 'company',
    ok: 201,
    build: async (context) => ({
      url: '/api/credits',
      payload: {
        credit_type_id: CREDIT_TYPE_ID,
        credit_count: 3,
        company_id: context.zone.company.id,
        credit_price: 2.5,
        pro_form_nr: `PF ${context.zone.marker} ${++sequence}`,
      },
      untouched: await unchanged(context, context.zone.company.id),
    }),
  },
  'POST /api/credits/move': {
    permission: 'manage_credits',
    scope: 'company',
    ok: { own: 422, child: 200, foreign: 200 },
    build: async (context) => {
      const { source, target } = moveEnds(context);
      // Enough in the source that a refusal is never for want of credits (nor runs it low).
      await hand(context).add(source, 20);
      return {
        url: '/api/credits/move',
        payload: { credit_type_name: CREDIT_TYPE_NAME, source, target, amount: 2 },
        untouched: await unchanged(context, source, target),
      };
    },
  },
  // The credits come from the company that gets the data; a company out of reach is not found.
  'POST /api/companies/data': {
    permission: 'manage_credits',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const companyId = context.zone.company.id;
      // Enough that a refusal is never for want of credits (nor runs the company low).
      await hand(context).add(companyId, 20);
      return {
        url: '/api/companies/data',
        payload: { company_id: companyId, credits: 1 },
        untouched: await dataUnchanged(context, companyId),
      };
    },
  },
  'GET /api/companies/data/history': {
    permission: 'view_company_data_history',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/companies/data/history' }),
  },
  'GET /api/credits/codes': {
    permission: 'view_credit_transfer_codes',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/credits/codes' }),
  },
  'POST /api/credits/codes': {
    permission: 'manage_credit_transfer_codes',
    scope: 'company',
    ok: 201,
    // Only a super admin's company_id is honoured: anyone else's code takes the credits of their
    // own company, whatever company_id names. A company out of reach must lose nothing and be named
    // nowhere in the answer (the code made is of A).
    hidden: 201,
    build: async (context) => {
      const companyId = context.zone.company.id;
      // Credits where the code may come from: the caller's company, or the zone's for a super admin.
      await hand(context).add(context.actor.user.companyId, 20);
      await hand(context).add(companyId, 20);
      return {
        url: '/api/credits/codes',
        // The comment names no zone: the answer of a refused company must not carry its marker.
        payload: {
          credit_type_name: CREDIT_TYPE_NAME,
          amount: 1,
          company_id: companyId,
          comment: `matrix code ${++sequence}`,
        },
        untouched: await unchanged(context, companyId),
      };
    },
  },
  // Any company's code activates for the caller's own company (never a code of its own): the
  // code is B's, and the caller (of A, or the root for the super admin) is never B.
  'POST /api/credits/codes/activate': {
    permission: 'activate_credit_transfer_codes',
    scope: 'caller',
    ok: 200,
    build: async (context) => {
      const { foreign } = context.world.zones;
      await hand(context).add(foreign.company.id, 5);
      const code = await hand(context).code(foreign.company.id, 1, `gift ${++sequence}`);
      const companyUnchanged = await unchanged(context, context.actor.user.companyId);
      return {
        url: '/api/credits/codes/activate',
        payload: { code: code.code },
        untouched: async () =>
          (await codeRow(context, code.id))?.activatedAt === null && (await companyUnchanged()),
      };
    },
  },
  'PUT /api/credits/codes/:id': {
    permission: 'manage_credit_transfer_codes',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const code = await zoneCode(context);
      return {
        url: `/api/credits/codes/${code.id}`,
        payload: { comment: context.world.fresh.label('renamed', context.zone.company) },
        untouched: async () => (await codeRow(context, code.id))?.comment === code.comment,
      };
    },
  },
  'DELETE /api/credits/codes/:id': {
    permission: 'manage_credit_transfer_codes',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const code = await zoneCode(context);
      // The code row itself is part of the company's footprint: still unrevoked, balance the same.
      return {
        url: `/api/credits/codes/${code.id}`,
        untouched: await unchanged(context, context.zone.company.id),
      };
    },
  },
};
