import { DEVICE_ALERT_MESSAGES, type DeviceAlertListQuery } from '@netfleet/contracts';
import { notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { AlertHistoryRepository } from './alert-history.repository';
import { alertTypeFilter, toAlert, toAlertDetail } from './device-alerts.mapper';

/** RMS alerts (routes 18, 19, 21) over both sources: device alerts and automation events. */
export const createAlertHistoryService = ({
  repository,
}: {
  repository: AlertHistoryRepository;
}) => ({
  async listAlerts(auth: AuthContext, query: DeviceAlertListQuery) {
    const { rows, total } = await repository.listAlerts(auth, {
      limit: query.limit,
      offset: query.offset,
      ids: query.id,
      companyId: query.company_id,
      configId: query.alerts_configs_id,
      deviceId: query.device_id,
      typeId: alertTypeFilter(query.type),
      q: query.q,
      source: query.source,
      automationId: query.automation_id,
    });
    return { data: rows.map(toAlert), total };
  },

  async getAlert(auth: AuthContext, id: number) {
    const row = await repository.findAlert(auth, id);
    if (!row) throw notFound(DEVICE_ALERT_MESSAGES.notFound);
    return [toAlertDetail(row)];
  },

  /**
   * Only a device's own alert can go: an automation's events are that rule's log (RMS automation
   * logs have no delete) and an open alert points at the event that fired it.
   */
  async removeAlert(auth: AuthContext, id: number) {
    const row = await repository.findAlert(auth, id);
    if (row?.source !== 'device') throw notFound(DEVICE_ALERT_MESSAGES.notFound);
    await repository.removeAlert(id);
  },
});

export type AlertHistoryService = ReturnType<typeof createAlertHistoryService>;
