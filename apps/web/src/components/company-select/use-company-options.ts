import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Company } from '@netfleet/contracts';
import { api } from '@/lib/api-client';

/** Spec §7 picker size; typing searches the rest on the server. */
const COMPANY_OPTIONS_LIMIT = 100;

export interface CompanyOption {
  value: string;
  label: string;
}

const companyOption = (company: Pick<Company, 'id' | 'name'>): CompanyOption => ({
  value: String(company.id),
  label: company.name,
});

const companyOptionKeys = {
  all: ['company-options'] as const,
  search: (search: string) => [...companyOptionKeys.all, 'search', search] as const,
  byId: (id: string) => [...companyOptionKeys.all, 'id', id] as const,
};

/** GET /companies?limit=100&sort=name&q=…: the companies the user can see, by name. */
async function getCompanyOptions(search: string, signal?: AbortSignal): Promise<CompanyOption[]> {
  const { data } = await api.get<Company[]>('/companies', {
    query: { limit: COMPANY_OPTIONS_LIMIT, sort: 'name', q: search.trim() || undefined },
    signal,
  });
  return data.map(companyOption);
}

/** One company by id: a link may name one beyond the first page of options. */
async function getCompanyOption(id: string, signal?: AbortSignal): Promise<CompanyOption | null> {
  const { data } = await api.get<Company[]>('/companies', { query: { id, limit: 1 }, signal });
  const company = data.find((candidate) => String(candidate.id) === id);
  return company ? companyOption(company) : null;
}

export function useCompanyOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: companyOptionKeys.search(search),
    queryFn: ({ signal }) => getCompanyOptions(search, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCompanyOption(id: string | null, enabled = true) {
  return useQuery({
    queryKey: companyOptionKeys.byId(id ?? ''),
    queryFn: ({ signal }) => getCompanyOption(id ?? '', signal),
    enabled: enabled && id !== null,
    staleTime: 60_000,
  });
}
