import { companyNameFieldSchema } from '@netfleet/contracts';

/**
 * Spec §5 company name rules (required, at least 3 characters after trimming, no forbidden
 * symbols) with the contracts' own messages; null when the name is fine.
 */
export function companyNameProblem(value: unknown): string | null {
  const result = companyNameFieldSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
