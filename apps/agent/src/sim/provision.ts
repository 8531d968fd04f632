import { z } from 'zod';
import type { SimDevice } from './sim-device.ts';

export interface ApiOptions {
  url: string;
  /** A personal access token (`nf_pat_...`), sent as a Bearer token. */
  token?: string;
  email?: string;
  password?: string;
  /** The company to add devices to; the user's own company when absent. */
  companyId?: number;
}

/** GET /api/user answers the user at the top level, as RMS does. */
const userSchema = z.object({ company: z.object({ id: z.number().int() }) });
const addedSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), serial: z.string(), claim_secret: z.string() })),
  errors: z.array(z.object({ message: z.string() }).loose()).optional(),
});

/** The parts of the netfleet REST API the simulator needs to add its devices. */
export class ApiClient {
  private readonly headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
  };

  constructor(private readonly options: ApiOptions) {
    if (options.token) this.headers.authorization = `Bearer ${options.token}`;
  }

  /** Cookie sign-in: the session cookies, and the XSRF cookie echoed as X-XSRF-TOKEN. */
  async login(): Promise<void> {
    if (this.options.token) return;
    if (!this.options.email || !this.options.password) {
      throw new Error('pass --token, or --email and --password, to add devices');
    }
    const response = await fetch(new URL('/account/login', this.options.url), {
      method: 'POST',
      headers: this.headers,
      body: JSON.stringify({ email: this.options.email, password: this.options.password }),
    });
    if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status}`);
    const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
    this.headers.cookie = cookies.join('; ');
    const xsrf = cookies.find((c) => c.startsWith('RMS-XSRF-TOKEN='));
    if (xsrf) this.headers['x-xsrf-token'] = decodeURIComponent(xsrf.slice(xsrf.indexOf('=') + 1));
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const response = await fetch(new URL(path, this.options.url), {
      method,
      headers: this.headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 400) {
      throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: the answer is not JSON`);
    }
    return { status: response.status, json };
  }

  async companyId(): Promise<number> {
    if (this.options.companyId) return this.options.companyId;
    const { json } = await this.call('GET', '/api/user');
    return userSchema.parse(json).company.id;
  }

  /**
   * Adds devices (one request per 1000) and returns the claim secret of each added serial. A 207
   * names the devices it refused; they are reported through `onError` and left out.
   */
  async addDevices(
    devices: readonly SimDevice[],
    companyId: number,
    onError: (message: string) => void,
  ): Promise<Map<string, string>> {
    const claims = new Map<string, string>();
    for (let start = 0; start < devices.length; start += 1000) {
      const batch = devices.slice(start, start + 1000).map((d) => ({
        company_id: companyId,
        serial: d.serial,
        ...(d.mac ? { mac: d.mac } : {}),
        ...(d.imei ? { imei: d.imei } : {}),
        name: `sim-${d.model}-${d.serial}`,
        device_series: d.hardware.series,
      }));
      const { json } = await this.call('POST', '/api/devices', { data: batch });
      const parsed = addedSchema.parse(json);
      for (const added of parsed.data) claims.set(added.serial, added.claim_secret);
      for (const error of parsed.errors ?? []) onError(`add device: ${JSON.stringify(error)}`);
    }
    return claims;
  }
}
