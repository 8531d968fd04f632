/** The device page's dashboards tab, or one dashboard in it (spec §2 dashboards/{dashboard_id}). */
export const dashboardsTabPath = (deviceId: number, id?: number) =>
  `/devices/${deviceId}/dashboards${id === undefined ? '' : `/${id}`}`;

/** Route `remote.mobile`: the standalone mobile dashboard. */
export const mobileDashboardPath = (deviceId: number, id: number) =>
  `/device/${deviceId}/dashboard/${id}`;

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** A route parameter as an id, or null when it is not one. */
export const idOf = (value: string | undefined): number | null =>
  value !== undefined && ID_PATTERN.test(value) ? Number(value) : null;
