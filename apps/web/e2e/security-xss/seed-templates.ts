import { expect } from '@playwright/test';
import { idOf, type SeedContext } from './seed-organisation';

/**
 * Monitoring and configuration templates, a report, and a data collection config that reads
 * the uploaded device documentation `documentationId`.
 */
export async function seedTemplatesAndReports(
  { page, seeds, headers, companyId, deviceId }: SeedContext,
  documentationId: number,
) {
  const { request } = page;
  await seeds.write(
    'monitoring template',
    { name: seeds.payload(), description: seeds.payload() },
    (v) =>
      request.post('/api/monitoring-templates', {
        headers,
        data: {
          company_id: companyId,
          name: v.name,
          description: v.description,
          parameters: [{ key: 'dynamic', period: 3600, enabled: true }],
        },
      }),
  );
  await seeds.write(
    'configuration template',
    {
      name: seeds.payload(),
      device_model: seeds.payload(true),
      firmware: seeds.payload(),
      'template.0.request_data.name': seeds.payload(),
    },
    (v) =>
      request.post('/api/devices/configurator/templates', {
        headers,
        data: {
          company_id: companyId,
          name: v.name,
          version: '1.0.0',
          device_model: v.device_model,
          firmware: v.firmware,
          min_firmware: null,
          max_firmware: null,
          template: [
            {
              path: '/firewall/allow_web',
              method: 'post',
              request_data: {
                '.type': 'rule',
                name: v['template.0.request_data.name'],
                dest_port: '443',
                target: 'ACCEPT',
              },
            },
          ],
        },
      }),
  );
  const config = await seeds.write(
    'data collection config',
    {
      name: seeds.payload(),
      description: seeds.payload(),
      api_version: seeds.payload(),
      'data.0.url': seeds.payload(),
    },
    (v) =>
      request.post('/api/data-collect/configs', {
        headers,
        data: {
          name: v.name,
          description: v.description,
          company_id: companyId,
          api_version: v.api_version,
          api_system: 'tswos',
          period: 300,
          enabled: true,
          device_documentation_id: documentationId,
          data: [
            {
              url: `/${v['data.0.url'] ?? ''}`,
              variables: [
                { id: 'operator', filter: '$.http_body.data[0].operator', type: 'string' },
              ],
            },
          ],
        },
      }),
    // The console shows the version of the config's documentation, which it sends as its own.
    { unshown: ['api_version'] },
  );
  const report = await seeds.write(
    'report',
    { name: seeds.payload(), description: seeds.payload() },
    (v) =>
      request.post('/api/reports', {
        headers,
        data: {
          name: v.name,
          description: v.description,
          type: 'periodic',
          period: 'day',
          parameters: ['temperature', 'operator'],
          applied_by: 'device',
          apply_list: [deviceId],
        },
      }),
  );
  const configId = await idOf(config);
  const assigned = await request.put('/api/data-collect/configs/assign', {
    headers,
    data: { configs: [{ id: configId, device_id: [deviceId], period: 300, enabled: true }] },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  const url = `/${seeds.value('data collection config', 'data.0.url')}`;
  return { configId, collectUrl: url, reportId: await idOf(report) };
}

/** The report generated now, renamed and described anew. Answers its id. */
export async function seedGeneratedReport({ page, seeds, headers }: SeedContext, reportId: number) {
  const { request } = page;
  const started = await request.post(`/api/reports/${String(reportId)}/generate`, { headers });
  expect(started.ok(), await started.text()).toBe(true);
  let generatedId = 0;
  await expect
    .poll(
      async () => {
        const answer = await request.get('/api/reports/generated', {
          params: { report_template_id: reportId },
        });
        const { data } = (await answer.json()) as { data: { id: number }[] };
        generatedId = data[0]?.id ?? 0;
        return generatedId;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await seeds.write(
    'generated report',
    { name: seeds.payload(), description: seeds.payload() },
    (v) =>
      request.put(`/api/reports/generated/${String(generatedId)}`, {
        headers,
        data: { name: v.name, description: v.description },
      }),
  );
  return generatedId;
}
