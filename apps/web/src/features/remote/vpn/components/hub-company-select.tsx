import { hasPermission } from '@netfleet/contracts';
import { CompanySelect } from '@/components/company-select';
import { useCurrentUser } from '@/lib/current-user';
import { VPN_TEXTS as T } from '../texts';

interface HubCompanySelectProps {
  value: number | undefined;
  onChange: (companyId: number) => void;
  error?: string | boolean | undefined;
}

/**
 * The company that owns a new hub: the user's own until another is picked; searched only with
 * view_companies.
 */
export function HubCompanySelect({ value, onChange, error }: HubCompanySelectProps) {
  const me = useCurrentUser();
  return (
    <CompanySelect
      label={T.company}
      required
      allowDeselect={false}
      searchable={hasPermission(me.permissions, 'view_companies')}
      value={value === undefined ? null : String(value)}
      fallback={{ value: String(me.company_id), label: me.company_name }}
      onChange={(id) => {
        if (id) onChange(Number(id));
      }}
      error={error}
    />
  );
}
