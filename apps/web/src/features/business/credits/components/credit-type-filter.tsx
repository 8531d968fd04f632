import { Select } from '@mantine/core';
import { useCreditTypes } from '../api/get-credit-types';
import { CREDIT_TEXTS } from '../texts';
import { localCreditTypeTitle } from './credit-type-title';

interface CreditTypeFilterProps {
  /** The list's credit_type_id filter; absent shows every type. */
  value: string | undefined;
  onChange: (value: string | null) => void;
}

/** A list's `credit_type_id` filter over the types the user may see (GET /credits/types). */
export function CreditTypeFilter({ value, onChange }: CreditTypeFilterProps) {
  const types = useCreditTypes();
  const data = (types.data ?? []).map((type) => ({
    value: String(type.id),
    label: localCreditTypeTitle(type.title),
  }));
  return (
    <Select
      aria-label={CREDIT_TEXTS.typeFilter}
      placeholder={CREDIT_TEXTS.allTypes}
      data={data}
      value={value ?? null}
      onChange={onChange}
      clearable
      w={220}
    />
  );
}
