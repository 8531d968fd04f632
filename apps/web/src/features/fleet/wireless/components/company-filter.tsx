import { CompanyFilter as SharedCompanyFilter } from '@/components/company-select';
import { WIRELESS_TEXTS } from '../texts';

interface CompanyFilterProps {
  value: string | undefined;
  onChange: (companyId: string | null) => void;
}

/** The `company_id` filter of the Wi-Fi and hotspot lists, in this page's wording. */
export function CompanyFilter({ value, onChange }: CompanyFilterProps) {
  return (
    <SharedCompanyFilter
      value={value}
      onChange={onChange}
      aria-label={WIRELESS_TEXTS.companyFilter}
      placeholder={WIRELESS_TEXTS.allCompanies}
      nothingFoundMessage={WIRELESS_TEXTS.noCompanies}
    />
  );
}
