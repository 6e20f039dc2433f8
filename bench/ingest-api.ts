// REST calls the ingestion bench makes as the demo tenant admin: sign in, create the devices (one
// bulk import with their access tokens), list their ids, and count what was stored per device.

export class BenchApi {
  constructor(
    private readonly base: string,
    private jwt = '',
  ) {}

  get token(): string {
    return this.jwt;
  }

  private async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.jwt ? { 'x-authorization': `Bearer ${this.jwt}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  /** Any REST call as the signed-in user (benchmarks set up rule chains and profiles with it). */
  request<T>(method: string, url: string, body?: unknown): Promise<T> {
    return this.call<T>(method, url, body);
  }

  async login(username: string, password: string): Promise<void> {
    this.jwt = (await this.call<{ token: string }>('POST', '/api/auth/login', { username, password })).token;
  }

  /** Creates `n` devices named `<prefix> 0001`… with access tokens `<tokenPrefix>0001`…; returns the import time. */
  async importDevices(n: number, prefix: string, tokenPrefix: string): Promise<number> {
    const rows = ['name,type,token'];
    for (let i = 0; i < n; i++) {
      const no = String(i + 1).padStart(4, '0');
      rows.push(`${prefix} ${no},default,${tokenPrefix}${no}`);
    }
    const t0 = performance.now();
    const res = await this.call<{ created: number; errors: number }>('POST', '/api/device/bulk_import', {
      file: rows.join('\n'),
      mapping: {
        columns: [{ type: 'NAME' }, { type: 'TYPE' }, { type: 'ACCESS_TOKEN' }],
        delimiter: ',',
        update: false,
        header: true,
      },
    });
    if (res.created !== n) throw new Error(`bulk import created ${res.created} of ${n} devices`);
    return Math.round(performance.now() - t0);
  }

  /** Device ids by name, for names starting with `prefix`. */
  async deviceIds(prefix: string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let page = 0; ; page++) {
      const q = `pageSize=1000&page=${page}&textSearch=${encodeURIComponent(prefix)}`;
      const res = await this.call<{ data: { id: { id: string }; name: string }[]; hasNext: boolean }>(
        'GET',
        `/api/tenant/devices?${q}`,
      );
      for (const d of res.data) out.set(d.name, d.id.id);
      if (!res.hasNext) return out;
    }
  }

  /** Stored points of key `t` per device in [startTs, endTs), as agg=COUNT over the whole range. */
  async countStored(ids: readonly string[], startTs: number, endTs: number, parallel = 16): Promise<number[]> {
    const out = new Array<number>(ids.length).fill(0);
    let next = 0;
    const interval = Math.max(1000, endTs - startTs);
    const worker = async () => {
      while (next < ids.length) {
        const i = next++;
        const url =
          `/api/plugins/telemetry/DEVICE/${ids[i]}/values/timeseries?keys=t&startTs=${startTs}&endTs=${endTs}` +
          `&agg=COUNT&interval=${interval}&limit=100000`;
        const res = await this.call<{ t?: { value: string | number }[] }>('GET', url);
        out[i] = (res.t ?? []).reduce((sum, b) => sum + Number(b.value), 0);
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return out;
  }

  /** Raw points of key `t` (agg NONE) in [startTs, endTs), to tell a lost point from a miscount. */
  async rawCount(id: string, startTs: number, endTs: number): Promise<number> {
    const url = `/api/plugins/telemetry/DEVICE/${id}/values/timeseries?keys=t&startTs=${startTs}&endTs=${endTs}&limit=1000000`;
    return ((await this.call<{ t?: unknown[] }>('GET', url)).t ?? []).length;
  }
}

/**
 * The bench's WebSocket is a measuring instrument: the default tenant profile's per-session update
 * rate (ADR 0008) would thin what it sees at the higher steps, so the run lifts it (as the system
 * administrator, on the Default profile).
 */
export async function liftWsUpdateRate(base: string): Promise<void> {
  const admin = new BenchApi(base);
  await admin.login('sysadmin@sapo.local', 'sysadmin');
  const info = await admin.request<{ id: { id: string } }>('GET', '/api/tenantProfileInfo/default');
  const profile = await admin.request<{ profileData: { configuration: Record<string, unknown> } }>(
    'GET',
    `/api/tenantProfile/${info.id.id}`,
  );
  profile.profileData.configuration.wsUpdatesPerSessionRateLimit = '';
  await admin.request('POST', '/api/tenantProfile', profile);
}
