// Rule chains of a tenant: CRUD, root, the graph (metadata), import/export; also the engine's RuleChainSource.
import type { PageLink } from '@sapo/common';
import type { Db, Queryable } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { mapPage } from '../../lib/paging.ts';
import type { RuleChainSource, RuntimeRuleChain } from '../../rule-engine/rule-engine-types.ts';
import { type Caller, requireAuthority } from '../auth/caller.ts';
import type { AuditService } from '../audit-logs/audit.service.ts';
import type { ActionType } from '../audit-logs/audit.service.ts';
import type { TenantLimits } from '../tenant-profiles/tenant-limits.ts';
import { deleteEventsOf } from '../events/event.repository.ts';
import { deleteEntityAttributes, deleteEntityRelations } from '../relations/relation-cleanup.ts';
import { insertTemplateChain } from './default-root-chain.ts';
import { parseGraph, refId } from './rule-chain-metadata.ts';
import type { RuleChainRepository } from './rule-chain.repository.ts';
import { exportChains, importChains, type ImportResult } from './rule-chain-transfer.ts';
import {
  type GraphInput,
  type RuleChainDto,
  type RuleChainRow,
  chainRef,
  toMetadata,
  toRuleChain,
} from './rule-chain-wire.ts';

export interface RuleChainInput {
  id?: { id: string } | null;
  name?: string | null;
  root?: boolean | null;
  debugMode?: boolean | null;
  configuration?: unknown;
  additionalInfo?: unknown;
}

/** Called after a commit that changed a tenant's chains (the engine reloads them). */
export type RuleChainsListener = (tenantId: string) => void;

export class RuleChainsService implements RuleChainSource {
  private readonly listeners = new Set<RuleChainsListener>();

  constructor(
    private readonly db: Db,
    private readonly repo: RuleChainRepository,
    private readonly limits: TenantLimits,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** Registers a listener for "this tenant's chains changed"; returns the unsubscribe function. */
  onChange(listener: RuleChainsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(tenantId: string): void {
    for (const l of this.listeners) {
      try {
        l(tenantId);
      } catch {
        // a listener's failure must not turn a committed save into an error
      }
    }
  }

  private async chain(caller: Caller, id: string, q: Queryable = this.db): Promise<RuleChainRow> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const row = await this.repo.findById(caller.tenantId, id, q);
    // Another tenant's chain exists but is not the caller's: 403, as for every entity but devices.
    if (!row) throw (await this.repo.exists(id, q)) ? forbidden() : notFound();
    return row;
  }

  private log(caller: Caller, row: RuleChainRow, action: ActionType, q: Queryable) {
    return this.audit.log(
      { actor: caller, entityType: 'RULE_CHAIN', entityId: row.id, entityName: row.name, action },
      q,
    );
  }

  async get(caller: Caller, id: string): Promise<RuleChainDto> {
    return toRuleChain(await this.chain(caller, id));
  }

  async list(caller: Caller, link: PageLink) {
    requireAuthority(caller, 'TENANT_ADMIN');
    return mapPage(await this.repo.findPage(caller.tenantId, link), toRuleChain);
  }

  async save(caller: Caller, input: RuleChainInput): Promise<RuleChainDto> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const name = input.name?.trim();
    if (!name) throw badRequest('Rule chain name should be specified!');
    const saved = await this.db.tx(async (q) => {
      const existingId = input.id?.id;
      if (existingId) {
        const current = await this.chain(caller, existingId, q);
        const row: RuleChainRow = {
          ...current,
          name,
          debug_mode: input.debugMode ?? current.debug_mode,
          configuration: input.configuration === undefined ? current.configuration : input.configuration,
          additional_info: input.additionalInfo === undefined ? current.additional_info : input.additionalInfo,
        };
        await this.repo.update(q, row);
        await this.log(caller, row, 'UPDATED', q);
        return row;
      }
      await this.limits.check(q, caller.tenantId, 'maxRuleChains', () => this.repo.count(caller.tenantId, q));
      if (input.root && (await this.repo.findRoot(caller.tenantId, q))) {
        throw badRequest('Another root rule chain is present in scope of current tenant!');
      }
      const row: RuleChainRow = {
        id: newId(),
        created_time: this.clock.now(),
        tenant_id: caller.tenantId,
        name,
        type: 'CORE',
        first_rule_node_id: null,
        root: input.root === true,
        debug_mode: input.debugMode === true,
        configuration: input.configuration ?? null,
        additional_info: input.additionalInfo ?? null,
      };
      await this.repo.insert(q, row);
      await this.log(caller, row, 'ADDED', q);
      return row;
    });
    this.changed(caller.tenantId);
    return toRuleChain(saved);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    await this.db.tx(async (q) => {
      const row = await this.chain(caller, id, q);
      if (row.root) throw badRequest('Deletion of Root Tenant Rule Chain is prohibited!');
      const profiles = await this.repo.profilesUsing(q, caller.tenantId, id);
      if (profiles.length) {
        throw badRequest(
          `The rule chain referenced by the device profiles cannot be deleted! Device profiles: ${profiles.join(', ')}`,
        );
      }
      await deleteEventsOf(q, [id, ...(await this.repo.nodeIds(q, [id]))]);
      await deleteEntityRelations(q, 'RULE_CHAIN', id);
      await deleteEntityAttributes(q, 'RULE_CHAIN', id);
      // Connections of other chains to this one go with it (foreign key cascade).
      await this.repo.delete(q, id);
      await this.log(caller, row, 'DELETED', q);
    });
    this.changed(caller.tenantId);
  }

  async setRoot(caller: Caller, id: string): Promise<RuleChainDto> {
    const row = await this.db.tx(async (q) => {
      const current = await this.chain(caller, id, q);
      if (current.root) return current;
      await this.repo.setRoot(q, caller.tenantId, id);
      const row = { ...current, root: true };
      await this.log(caller, row, 'UPDATED', q);
      return row;
    });
    this.changed(caller.tenantId);
    return toRuleChain(row);
  }

  /** RuleChainMetaData plus `targetRuleChainsMap`: the chains that ruleChainConnections point to, by id. */
  async getMetadata(caller: Caller, id: string, q: Queryable = this.db) {
    const chain = await this.chain(caller, id, q);
    const md = toMetadata(chain, await this.repo.nodes([id], q), await this.repo.connections([id], q));
    const targetIds = [...new Set(md.ruleChainConnections.map((c) => c.targetRuleChainId.id))];
    const found = new Map((await this.repo.findByIds(caller.tenantId, targetIds, q)).map((r) => [r.id, r]));
    const targetRuleChainsMap: Record<string, RuleChainDto | { id: ReturnType<typeof chainRef> }> = {};
    for (const t of targetIds) {
      const r = found.get(t);
      // A target that cannot be resolved stays visible as a stub holding its id.
      targetRuleChainsMap[t] = r ? toRuleChain(r) : { id: chainRef(t) };
    }
    return { ...md, targetRuleChainsMap };
  }

  /** Saves a validated graph into a chain of the tenant; target chains must be the tenant's. */
  async applyGraph(q: Queryable, tenantId: string, chainId: string, graph: GraphInput): Promise<void> {
    const targets = [...new Set(graph.ruleChainConnections.map((c) => c.targetRuleChainId))];
    const found = await this.repo.lockTargets(q, tenantId, targets);
    const missing = targets.find((t) => !found.has(t));
    if (missing) throw badRequest(`Target rule chain ${missing} is not found!`);
    const removed = await this.repo.replaceGraph(q, chainId, graph, this.clock.now());
    await deleteEventsOf(q, removed);
  }

  async saveMetadata(caller: Caller, body: Record<string, unknown>) {
    requireAuthority(caller, 'TENANT_ADMIN');
    const id = refId(body.ruleChainId);
    if (!id) throw badRequest('Rule chain id should be specified!');
    const graph = parseGraph(body);
    const saved = await this.db.tx(async (q) => {
      const chain = await this.chain(caller, id, q);
      await this.applyGraph(q, caller.tenantId, id, graph);
      await this.log(caller, chain, 'UPDATED', q);
      return this.getMetadata(caller, id, q);
    });
    this.changed(caller.tenantId);
    return saved;
  }

  /** A new chain copied from the "Device Profile Rule Chain Template" (same graph as the root chain). */
  async createDeviceDefault(caller: Caller, input: { name?: string | null }): Promise<RuleChainDto> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const name = input.name?.trim();
    if (!name) throw badRequest("Parameter 'name' can't be empty!");
    const row = await this.db.tx(async (q) => {
      await this.limits.check(q, caller.tenantId, 'maxRuleChains', () => this.repo.count(caller.tenantId, q));
      const row = await insertTemplateChain(q, caller.tenantId, name, false, this.clock.now());
      await this.log(caller, row, 'ADDED', q);
      return row;
    });
    this.changed(caller.tenantId);
    return toRuleChain(row);
  }

  async exportChains(caller: Caller, limit: number) {
    requireAuthority(caller, 'TENANT_ADMIN');
    return exportChains(this.db, this.repo, caller.tenantId, limit);
  }

  async importChains(caller: Caller, body: Record<string, unknown>, overwrite: boolean): Promise<ImportResult[]> {
    requireAuthority(caller, 'TENANT_ADMIN');
    const results = await this.db.tx((q) =>
      importChains(q, this.repo, caller.tenantId, body, overwrite, {
        now: () => this.clock.now(),
        applyGraph: (tx, chainId, graph) => this.applyGraph(tx, caller.tenantId, chainId, graph),
        checkLimit: (tx) =>
          this.limits.check(tx, caller.tenantId, 'maxRuleChains', () => this.repo.count(caller.tenantId, tx)),
        audit: (tx, row, action) => this.log(caller, row, action, tx),
      }),
    );
    this.changed(caller.tenantId);
    return results;
  }

  /** RuleChainSource: every chain of the tenant with its nodes and connections. */
  async loadTenantChains(tenantId: string): Promise<RuntimeRuleChain[]> {
    const chains = await this.repo.findAll(tenantId);
    const ids = chains.map((c) => c.id);
    const [nodes, conns] = ids.length
      ? await Promise.all([this.repo.nodes(ids), this.repo.connections(ids)])
      : [[], []];
    const byChain = new Map<string, RuntimeRuleChain>(
      chains.map((c) => [
        c.id,
        {
          id: c.id,
          tenantId: c.tenant_id,
          name: c.name,
          root: c.root,
          debugMode: c.debug_mode,
          firstRuleNodeId: c.first_rule_node_id,
          nodes: [],
          connections: [],
          chainConnections: [],
        },
      ]),
    );
    for (const n of nodes) {
      byChain.get(n.rule_chain_id)?.nodes.push({
        id: n.id,
        type: n.type,
        name: n.name,
        debugMode: n.debug_mode,
        configuration: n.configuration ?? {},
      });
    }
    for (const c of conns) {
      const chain = byChain.get(c.rule_chain_id);
      if (!chain) continue;
      if (c.to_node_id) chain.connections.push({ fromId: c.from_node_id, toId: c.to_node_id, type: c.type });
      else if (c.to_chain_id) {
        chain.chainConnections.push({ fromId: c.from_node_id, targetRuleChainId: c.to_chain_id, type: c.type });
      }
    }
    return [...byChain.values()];
  }
}
