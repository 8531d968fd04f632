// Alert rules for alerts.bench.ts, created through the API as a user would: `count` rules over
// the dynamic parameters the simulator reports, covering the bench company's every device, with
// thresholds in the tails no simulated reading reaches (so they are evaluated on every reading
// and never fire), half of them "for at least 5 minutes", all with a hysteresis of 3; and one
// probe rule (signal < -130 dBm, notify the bench admin) the bench assigns to a few devices and
// drives with `nf-sim pin`.

type Api = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

/** Parameter, operator and a threshold past the simulator's range (sim-readings.ts). */
const TAILS = [
  // Below the probe's pin too (PROBE_LOW): the probes' alerts are the only ones that fire.
  ['signal', '<', -140],
  ['rsrp', '<', -150],
  ['rsrq', '<', -40],
  ['sinr', '<', -30],
  ['temperature', '>', 110],
  ['load', '>', 50],
  ['memory_free', '<', 1],
  ['signal', '>', -5],
] as const;

export const PROBE_LOW = -135;
export const PROBE_HIGH = -80;

const condition = (parameter: string, operator: string, value: number, actions: object[] = []) => [
  {
    type: 'if',
    tag: 'cond_0',
    expression: [{ parameter, operator, value, hysteresis: 3 }],
    actions,
  },
];

/** Creates the rules; answers the probe rule's id. */
export const seedAlertRules = async (
  api: Api,
  options: { count: number; companyId: number; userId: number },
): Promise<number> => {
  const scope = { tag_id: [], company_id: [options.companyId] };
  for (let i = 0; i < options.count; i++) {
    const [parameter, operator, value] = TAILS[i % TAILS.length] ?? TAILS[0];
    const delayed = i % 2 === 1;
    await api('/api/automations', {
      method: 'POST',
      body: {
        name: `Bench ${parameter} ${i}`,
        conditions_body: condition(parameter, operator, value - (i % 7)),
        delay_enabled: delayed,
        delay_duration: delayed ? 300 : 0,
        scope,
      },
    });
  }
  const probe = await api<{ data: { id: number } }>('/api/automations', {
    method: 'POST',
    body: {
      name: 'Bench probe',
      conditions_body: condition('signal', '<', -130, [
        {
          name: 'SendNotification',
          options: { message: 'probe', receiving_users: [String(options.userId)] },
        },
      ]),
    },
  });
  return probe.data.id;
};

/**
 * Notification latency of the probe rule: reading time to the notification row, in ms; and its
 * first part, reading time to the stored alert event (reception and evaluation).
 */
export const PROBE_LATENCY_SQL = `
  select extract(epoch from n.created_at - e.reading_ts) * 1000 as ms,
    extract(epoch from e.created_at - e.reading_ts) * 1000 as event_ms
  from alert_actions a
    join alert_events e on e.id = a.event_id
    join notifications n on n.id = (a.ref->'notification_ids'->>0)::int
  where e.automation_id = $1 and a.name = 'SendNotification' and a.status = 'done'`;
