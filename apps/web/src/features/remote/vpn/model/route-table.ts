// The LAN rows of the add routes and quick connect dialogs as a TableInput of network, netmask
// and name. The columns show the rules (required marks, the name's length); each form's zod
// schema, built on the contracts, checks them.
import { VPN_ROUTE_NAME_MAX_LENGTH } from '@netfleet/contracts';
import type { FieldDefinition, TableInputOptions } from '@/components/schema-form';
import { VPN_TEXTS as T } from '../texts';

/** The most common LAN mask, which a new row starts with. */
export const DEFAULT_NETMASK = '255.255.255.0';

interface RouteTableOptions {
  key: string;
  /** The network's key in a row: the two APIs name it differently. */
  network: 'ip_address' | 'ip';
  /** Whether network and netmask must be given (a quick connect row may stay empty). */
  required: boolean;
  maxRows: number;
  label?: string;
  subtext?: string;
}

export function routeTableField(options: RouteTableOptions): FieldDefinition {
  const { key, network, required, maxRows, label, subtext } = options;
  const props = {
    maxRows,
    columns: [
      { key: network, label: T.network, required, placeholder: T.networkPlaceholder },
      { key: 'netmask', label: T.netmask, required, default: DEFAULT_NETMASK },
      { key: 'name', label: T.routeName, maxlength: VPN_ROUTE_NAME_MAX_LENGTH },
    ],
  } satisfies TableInputOptions;
  return { key, label, subtext, component: 'TableInput', props };
}
