import type { Company } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { useCompany } from '../api/get-company';

export interface CompanyLink {
  id: number;
  name: string;
}

/**
 * The parents of a company the user may open, top first, for the breadcrumbs. Companies nest at
 * most three levels (COMPANY_MAX_LEVEL), so a company has at most a parent and a grandparent; the
 * grandparent's name comes from the parent's record. Nothing above the user's own company shows:
 * the user cannot open it.
 */
export function useCompanyAncestors(company: Company | undefined): CompanyLink[] {
  const { company_id: ownId } = useCurrentUser();
  const parentId = company && company.id !== ownId ? company.parent_id : null;
  const parentName = company?.parent_name ?? '';
  const wantsGrandparent = parentId !== null && parentId !== ownId;
  const parent = useCompany(parentId ?? 0, { enabled: wantsGrandparent });
  if (parentId === null) return [];
  const chain: CompanyLink[] = [];
  const grandparentId = wantsGrandparent ? parent.data?.parent_id : null;
  if (grandparentId) chain.push({ id: grandparentId, name: parent.data?.parent_name ?? '' });
  chain.push({ id: parentId, name: parentName });
  return chain;
}
