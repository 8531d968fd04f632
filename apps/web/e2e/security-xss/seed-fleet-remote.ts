import { idOf, type SeedContext } from './seed-organisation';

// The smallest PNG (1×1 pixel): an image upload must be a picture.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Uploads whose names and descriptions are the user's: a file, an image and a device API
 * documentation (its name and the version its document states). The multipart field of a file
 * is where a refused file name is answered.
 */
export async function seedUploads({ page, seeds, headers, companyId }: SeedContext) {
  const { request } = page;
  await seeds.write('file', { file: seeds.payload(), description: seeds.payload() }, (v) =>
    request.post('/api/files', {
      headers,
      multipart: {
        type: 'custom_file',
        description: v.description ?? '',
        company_id: String(companyId),
        file: { name: `${v.file ?? ''}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') },
      },
    }),
  );
  const image = await seeds.write(
    'image',
    { image: seeds.payload(), description: seeds.payload() },
    (v) =>
      request.post('/api/images', {
        headers,
        multipart: {
          type: 'device_dashboard',
          description: v.description ?? '',
          company_id: String(companyId),
          image: { name: `${v.image ?? ''}.png`, mimeType: 'image/png', buffer: PNG },
        },
      }),
  );
  const documentation = (name: string, version: string) =>
    request.post('/api/device-documentations', {
      headers,
      multipart: {
        system: 'tswos',
        file: {
          name: `${name}.json`,
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify({ openapi: '3.0.0', info: { version }, paths: {} })),
        },
      },
    });
  await seeds.write('documentation name', { file: seeds.payload() }, (v) =>
    documentation(v.file ?? '', `1.${seeds.run}`),
  );
  const versioned = await seeds.write('documentation version', { file: seeds.payload() }, (v) =>
    documentation(seeds.plain('documentation'), v.file ?? ''),
  );
  return { imageId: await idOf(image), documentationId: await idOf(versioned) };
}

/** A dashboard of the device whose widgets carry titles (one shows the device's IO pin). */
export async function seedDashboard(
  { page, seeds, headers, deviceId }: SeedContext,
  pin: string,
  imageId: number,
) {
  const w = (index: number) => `widgets.${String(index)}.title`;
  const dashboard = await seeds.write(
    'dashboard',
    {
      name: seeds.payload(),
      description: seeds.payload(),
      [w(0)]: seeds.payload(),
      [w(1)]: seeds.payload(),
      [w(2)]: seeds.payload(),
      [w(3)]: seeds.payload(),
    },
    (v) =>
      page.request.post(`/api/devices/${String(deviceId)}/dashboards`, {
        headers,
        data: {
          name: v.name,
          description: v.description,
          widgets: [
            { kind: 'value', metric: 'temperature', title: v[w(0)] },
            { kind: 'facts', title: v[w(1)] },
            { kind: 'io', title: v[w(2)], pin: { type: 'input', name: pin } },
            { kind: 'image', title: v[w(3)], image_id: imageId },
          ],
        },
      }),
  );
  return idOf(dashboard);
}

/** A remote access rule, a VPN hub and a quick hub with the device as its endpoint. */
export async function seedRemote({ page, seeds, headers, companyId, deviceId }: SeedContext) {
  const { request } = page;
  const rule = await seeds.write('remote access', { 'data.0.name': seeds.payload() }, (v) =>
    request.post('/api/devices/remote-access', {
      headers,
      data: {
        data: [
          {
            device_id: deviceId,
            name: v['data.0.name'],
            destination_ip: '192.168.1.1',
            destination_port: 80,
          },
        ],
      },
    }),
  );
  const ruleId = ((await rule.json()) as { data: { id: number }[] }).data[0]?.id ?? 0;
  const hub = await seeds.write(
    'vpn hub',
    { name: seeds.payload(), description: seeds.payload() },
    (v) =>
      request.post('/api/vpn/hubs', {
        headers,
        data: { name: v.name, description: v.description, company_id: companyId },
      }),
  );
  const quick = await seeds.write(
    'quick vpn hub',
    {
      hub_name: seeds.payload(),
      description: seeds.payload(),
      'endpoint.routes.0.name': seeds.payload(),
    },
    (v) =>
      request.post('/api/vpn/hubs/connect', {
        headers,
        data: {
          company_id: companyId,
          hub_name: v.hub_name,
          description: v.description,
          endpoint: {
            device_id: deviceId,
            routes: [
              { ip: '192.168.1.0', netmask: '255.255.255.0', name: v['endpoint.routes.0.name'] },
            ],
          },
        },
      }),
  );
  return { ruleId, hubId: await idOf(hub), quickHubId: await idOf(quick) };
}
