import type { TableQuery } from '@/components/data-table';

export const CREDITS_PATH = '/credits';
export const CREDIT_TYPES_PATH = `${CREDITS_PATH}/types`;
export const CREDIT_SUMMARY_PATH = `${CREDITS_PATH}/summary`;
export const CREDIT_HISTORY_PATH = `${CREDITS_PATH}/history`;
export const CREDIT_MOVES_PATH = `${CREDITS_PATH}/move/history`;
export const CREDIT_CODES_PATH = `${CREDITS_PATH}/codes`;
export const COMPANY_DATA_PATH = '/companies/data';
export const COMPANY_DATA_HISTORY_PATH = `${COMPANY_DATA_PATH}/history`;
/** PUT: data packs on devices (spec "set pack"). */
export const DEVICE_DATA_PACK_PATH = '/devices/data-pack';

/**
 * One root for pools, summary, history, codes and company data: adding, moving, reserving a code,
 * revoking it and buying data each change several of them, so every mutation invalidates
 * `creditsKeys.all`.
 */
export const creditsKeys = {
  all: ['credits'] as const,
  types: () => [...creditsKeys.all, 'types'] as const,
  pools: (query: TableQuery) => [...creditsKeys.all, 'pools', query] as const,
  summary: (companyId: number | null) => [...creditsKeys.all, 'summary', companyId] as const,
  history: (query: TableQuery) => [...creditsKeys.all, 'history', query] as const,
  moves: (query: TableQuery) => [...creditsKeys.all, 'moves', query] as const,
  codes: (query: TableQuery) => [...creditsKeys.all, 'codes', query] as const,
  dataPurchases: (query: TableQuery) => [...creditsKeys.all, 'data-purchases', query] as const,
  /** A company's remaining data, which a purchase raises. */
  remainingData: (companyId: number) => [...creditsKeys.all, 'remaining-data', companyId] as const,
};
