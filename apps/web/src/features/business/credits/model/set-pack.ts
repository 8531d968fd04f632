import { z } from 'zod';
import { CREDIT_TYPES, dataPackTypes, type CreditSummary } from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';
import { creditTypeTitle } from '../components/credit-type-title';
import { CREDIT_TEXTS } from '../texts';

/** The contract's data pack choice with the shown language's message. */
export const packChoiceSchema = z.object({
  credit_type_id: z
    .number({ error: () => CREDIT_TEXTS.packTypeRequired })
    .int()
    .min(1, CREDIT_TEXTS.packTypeRequired),
});

/** A device the set pack dialog is for: its name for messages, its company for the credits left. */
export interface PackDevice {
  id: number;
  name?: string | undefined;
  company_id?: number | undefined;
}

/** The data pack types the user may spend (spec §6: everyone but super admins only paid ones). */
export function packTypesFor(superAdmin: boolean): { id: number; title: string }[] {
  return dataPackTypes(CREDIT_TYPES)
    .filter((type) => superAdmin || type.payment_type === 'paid')
    .map((type) => ({ id: type.id, title: creditTypeTitle(type, superAdmin) }));
}

/** The company every device belongs to, whose credits are spent; null when they are several. */
export function companyOf(devices: readonly PackDevice[]): number | null {
  const ids = new Set(devices.map((device) => device.company_id ?? null));
  const [only] = ids;
  return ids.size === 1 && only !== undefined ? only : null;
}

/** Credits left of a type in a summary (a type without a balance has none); null unknown. */
export function creditsLeft(summary: CreditSummary | undefined, typeId: number): number | null {
  if (!summary) return null;
  return summary.credits.left.find((entry) => entry.credit_type_id === typeId)?.credits_left ?? 0;
}

const ITEM_SOURCE = /^data\.(\d+)\.\w+$/;

/**
 * A refused request's messages: the one about the type goes under its field; the others are listed,
 * each refused device (`data.<index>.<field>` of a bulk body) by its name.
 */
export function packErrors(
  error: unknown,
  devices: readonly PackDevice[],
): { type: string | null; others: string[] } {
  if (!isApiError(error) || error.errors.length === 0)
    return { type: null, others: [error instanceof Error ? error.message : String(error)] };
  let type: string | null = null;
  const others: string[] = [];
  for (const item of error.errors) {
    if (item.source === 'credit_type_id' && type === null) {
      type = item.message;
      continue;
    }
    const index = ITEM_SOURCE.exec(item.source ?? '')?.[1];
    const device = index === undefined ? undefined : devices[Number(index)];
    others.push(device ? `${device.name || device.id}: ${item.message}` : item.message);
  }
  return { type, others };
}
