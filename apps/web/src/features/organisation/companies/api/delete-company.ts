import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyTreeNode } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { COMPANY_TEXTS } from '../texts';
import { COMPANIES_PATH, companiesKeys } from './keys';

export interface CompanyRef {
  id: number;
  name: string;
}

/**
 * The server answers at once with a status channel; the 'Action status' dialog then follows the
 * deletion company by company (items are company ids, named from the tree when it is loaded).
 */
export async function deleteCompany(
  company: CompanyRef,
  knownNames: Readonly<Record<string, string>> = {},
): Promise<void> {
  await api.delete<unknown>(`${COMPANIES_PATH}/${company.id}`, {
    actionStatus: {
      title: COMPANY_TEXTS.deleteStatusTitle(company.name),
      itemLabels: { ...knownNames, [String(company.id)]: company.name },
    },
  });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (company: CompanyRef) => {
      const tree = queryClient.getQueryData<CompanyTreeNode[]>(companiesKeys.tree()) ?? [];
      const names = Object.fromEntries(tree.map((node) => [String(node.id), node.name]));
      return deleteCompany(company, names);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKeys.all }),
  });
}
