import type { Company } from '@netfleet/contracts';
import { DevicesTable, useDevicesQueryState } from './devices-table';
import { useDeviceBulkActions } from './use-device-bulk-actions';

/**
 * The company page's devices tab (spec §2: /companies/{id} opens on it): the fleet table with its
 * bulk actions, held to the company's own devices. The app layer adds it to the company page.
 */
export function CompanyDevicesPanel({ company }: { company: Pick<Company, 'id'> }) {
  const state = useDevicesQueryState();
  const bulkActions = useDeviceBulkActions();
  return <DevicesTable state={state} bulkActions={bulkActions} companyId={company.id} />;
}
