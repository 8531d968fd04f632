import type { PickerOption } from '../api/get-options';
import { VPN_TEXTS as T } from '../texts';
import { RemoteMultiSelect } from './remote-multi-select';

interface HubTagsSelectProps {
  /** Tags belong to a company: the hub's owner's are offered. */
  companyId: number;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** The tags the hub has, named before any search lists them. */
  known?: readonly PickerOption[];
  error?: string | boolean | undefined;
}

/** A hub's tags, searched among its company's. */
export function HubTagsSelect({ companyId, ...props }: HubTagsSelectProps) {
  return (
    <RemoteMultiSelect
      source={{ endpoint: '/tags', query: { company_id: companyId }, labelField: 'name' }}
      label={T.tags}
      nothingFoundMessage={T.noTags}
      {...props}
    />
  );
}
