// The tenants' compiled chains: loaded on a tenant's first message, replaced on reload (one reload
// of a tenant at a time, so every replaced runtime is stopped), stopped on unload.
import type { TenantRuntime } from './tenant-runtime.ts';

export class TenantRegistry {
  private readonly tenants = new Map<string, TenantRuntime>();
  /** First loads in progress. */
  private readonly loading = new Map<string, Promise<TenantRuntime>>();
  private readonly reloading = new Map<string, Promise<void>>();

  constructor(
    private readonly build: (tenantId: string) => Promise<TenantRuntime>,
    private readonly destroy: (rt: TenantRuntime) => Promise<void>,
    private readonly onReloadError: (err: unknown, tenantId: string) => void,
  ) {}

  current(tenantId: string): TenantRuntime | undefined {
    return this.tenants.get(tenantId);
  }

  values(): IterableIterator<TenantRuntime> {
    return this.tenants.values();
  }

  /** The loaded runtime, or the promise of its first load. */
  get(tenantId: string): TenantRuntime | Promise<TenantRuntime> {
    // A chain saved through the API applies to the very next message: it waits for the reload.
    const pending = this.reloading.get(tenantId);
    if (pending) return pending.then(() => this.get(tenantId));
    const rt = this.tenants.get(tenantId);
    if (rt) return rt;
    let p = this.loading.get(tenantId);
    if (!p) {
      p = this.build(tenantId).then(
        (built) => {
          this.tenants.set(tenantId, built);
          this.loading.delete(tenantId);
          return built;
        },
        (err: unknown) => {
          this.loading.delete(tenantId);
          throw err;
        },
      );
      this.loading.set(tenantId, p);
    }
    return p;
  }

  reload(tenantId: string): Promise<void> {
    const next = (this.reloading.get(tenantId) ?? Promise.resolve()).then(() => this.replace(tenantId));
    this.reloading.set(tenantId, next);
    void next.finally(() => {
      if (this.reloading.get(tenantId) === next) this.reloading.delete(tenantId);
    });
    return next;
  }

  async unload(tenantId: string): Promise<void> {
    const old = this.tenants.get(tenantId);
    this.tenants.delete(tenantId);
    if (old) await this.destroy(old);
  }

  async unloadAll(): Promise<void> {
    const all = [...this.tenants.values()];
    this.tenants.clear();
    for (const rt of all) await this.destroy(rt);
  }

  private async replace(tenantId: string): Promise<void> {
    const first = this.loading.get(tenantId);
    if (first) await first.catch(() => undefined);
    const old = this.tenants.get(tenantId);
    if (!old) return; // loaded lazily, fresh, with the next message
    let rt: TenantRuntime;
    try {
      rt = await this.build(tenantId);
    } catch (err) {
      this.onReloadError(err, tenantId);
      return;
    }
    if (this.tenants.get(tenantId) !== old) {
      await this.destroy(rt); // unloaded meanwhile (tenant deleted)
      return;
    }
    this.tenants.set(tenantId, rt);
    await this.destroy(old);
  }
}
