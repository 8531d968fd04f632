import {
  CREDIT_ACTIONS,
  creditTypeById,
  creditTypeTitleFor,
  type CreditAction,
  type CreditHistoryEntry,
  type CreditMove,
  type CreditPool,
  type CreditType,
} from '@netfleet/contracts';
import { toApiDate, toApiDateOrNull } from '@/lib/dates';
import type { HistoryRow, PoolRow } from './credits.repository';

/** A stored type id always names a catalogue type; anything else is a corrupted row. */
export const typeOf = (id: number): CreditType => {
  const type = creditTypeById(id);
  if (!type) throw new Error(`unknown credit type ${id}`);
  return type;
};

const ORIGINS = ['added', 'moved', 'code', 'code_returned'] as const;

export const toPool = (row: PoolRow, superAdmin: boolean): CreditPool => {
  const type = typeOf(row.creditTypeId);
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    parent_company_name: row.parentCompanyName,
    credit_type: type.payment_type,
    credit_type_id: type.id,
    credit_type_name: type.name,
    credit_type_title: creditTypeTitleFor(type, superAdmin),
    // numeric(14,2) read as a string: exact to the cent, a number only at the edge.
    credit_price: Number(row.creditPrice),
    pro_form_nr: row.proFormNr,
    credit_count: row.creditCount,
    credit_left: row.creditLeft,
    // Nothing is held back from a pool: codes take their credits out when they are made.
    credit_reserved: 0,
    origin: ORIGINS.find((origin) => origin === row.origin) ?? 'added',
    assigned_at: toApiDate(row.createdAt),
    expire_at: toApiDateOrNull(row.expireAt),
    deleted_at: toApiDateOrNull(row.deletedAt),
  };
};

export const toHistoryEntry = (row: HistoryRow): CreditHistoryEntry => ({
  id: row.id,
  created_at: toApiDate(row.createdAt),
  action_type: row.actionType,
  action: CREDIT_ACTIONS[row.actionType as CreditAction] ?? String(row.actionType),
  company_id: row.companyId,
  company: row.company,
  pool_id: row.poolId,
  credit_type_name: typeOf(row.creditTypeId).name,
  amount: row.amount,
  balance_after: row.balanceAfter,
  counterpart_company: row.counterpartCompany,
  user_id: row.userId,
  user: row.user,
  device_id: row.deviceId,
  serial: row.serial,
  mac: row.mac,
});

/** A move as the entry that made its pool in the target company records it. */
export const toMove = (row: HistoryRow): CreditMove => ({
  id: row.id,
  created_at: toApiDate(row.createdAt),
  from_company: row.counterpartCompany ?? '',
  to_company: row.company,
  count: row.amount,
  credit_type_name: typeOf(row.creditTypeId).name,
  user_id: row.userId,
  user: row.user,
});
