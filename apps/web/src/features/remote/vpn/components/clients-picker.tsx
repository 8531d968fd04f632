import { PICKER_LIMIT, type PickerOption, type PickerSource } from '../api/get-options';
import { VPN_TEXTS as T } from '../texts';
import { RemoteMultiSelect } from './remote-multi-select';

interface ClientsPickerProps {
  source: PickerSource;
  label: string;
  placeholder: string;
  nothingFoundMessage: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  onOptionsChosen?: (options: PickerOption[]) => void;
  error?: string | boolean | undefined;
}

/** The devices or users joining a hub, a picker's worth at a time. */
export function ClientsPicker(props: ClientsPickerProps) {
  return (
    <RemoteMultiSelect
      description={T.pickLimit(PICKER_LIMIT)}
      maxValues={PICKER_LIMIT}
      required
      data-autofocus
      {...props}
    />
  );
}
