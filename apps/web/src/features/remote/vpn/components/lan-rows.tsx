import { Input } from '@mantine/core';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { VPN_ROUTE_NAME_MAX_LENGTH } from '@netfleet/contracts';
import {
  emptyLan,
  QUICK_ROUTES_MAX,
  type QuickConnectFormInput,
} from '../model/quick-connect-form';
import { VPN_TEXTS as T } from '../texts';
import { RouteRows } from './route-rows';

/** The LANs behind the quick hub's device, routed through it; a row left empty routes nothing. */
export function LanRows() {
  const form = useFormContext<QuickConnectFormInput>();
  const rows = useFieldArray({ control: form.control, name: 'endpoint.routes' });
  const errors = form.formState.errors.endpoint?.routes;
  return (
    <Input.Wrapper label={T.lans} description={T.lansHint}>
      <RouteRows
        rows={rows.fields}
        inputs={(index) => ({
          network: {
            register: form.register(`endpoint.routes.${index}.ip`),
            error: errors?.[index]?.ip,
          },
          netmask: {
            register: form.register(`endpoint.routes.${index}.netmask`),
            error: errors?.[index]?.netmask,
          },
          name: {
            register: form.register(`endpoint.routes.${index}.name`),
            error: errors?.[index]?.name,
          },
        })}
        min={0}
        max={QUICK_ROUTES_MAX}
        onAdd={() => rows.append(emptyLan())}
        onRemove={rows.remove}
        nameMaxLength={VPN_ROUTE_NAME_MAX_LENGTH}
        networkPlaceholder={T.networkPlaceholder}
      />
    </Input.Wrapper>
  );
}
