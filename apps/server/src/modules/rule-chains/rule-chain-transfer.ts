// Export and import of rule chains in ThingsBoard's format: {"ruleChains":[RuleChain…],"metadata":[RuleChainMetaData…]}.
import type { Queryable } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { ActionType } from '../audit-logs/audit.service.ts';
import { parseGraph, refId } from './rule-chain-metadata.ts';
import type { RuleChainRepository } from './rule-chain.repository.ts';
import { type GraphInput, type RuleChainRow, chainRef, toMetadata, toRuleChain } from './rule-chain-wire.ts';

export interface ImportResult {
  ruleChainId: ReturnType<typeof chainRef>;
  ruleChainName: string;
  updated: boolean;
  error: string | null;
}

export interface ImportHooks {
  now(): number;
  applyGraph(q: Queryable, chainId: string, graph: GraphInput): Promise<void>;
  checkLimit(q: Queryable): Promise<void>;
  audit(q: Queryable, row: RuleChainRow, action: ActionType): Promise<void>;
}

/** The first `limit` chains of the tenant (oldest first) and their graphs. */
export async function exportChains(q: Queryable, repo: RuleChainRepository, tenantId: string, limit: number) {
  const chains = await repo.findAll(tenantId, q, limit);
  const ids = chains.map((c) => c.id);
  const nodes = ids.length ? await repo.nodes(ids, q) : [];
  const conns = ids.length ? await repo.connections(ids, q) : [];
  return {
    ruleChains: chains.map(toRuleChain),
    metadata: chains.map((c) =>
      toMetadata(
        c,
        nodes.filter((n) => n.rule_chain_id === c.id),
        conns.filter((x) => x.rule_chain_id === c.id),
      ),
    ),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Imports all or nothing (the caller's transaction). Every chain gets a new id, unless `overwrite`
 * and the tenant has a chain of the same name: that chain is replaced (keeping its id and root flag).
 * Imported chains are never root otherwise. Rule chain connections to chains inside the import are
 * remapped to the new ids; others must name a chain of the tenant. Node ids are always new.
 */
export async function importChains(
  q: Queryable,
  repo: RuleChainRepository,
  tenantId: string,
  body: Record<string, unknown>,
  overwrite: boolean,
  hooks: ImportHooks,
): Promise<ImportResult[]> {
  if (!Array.isArray(body.ruleChains) || body.ruleChains.length === 0) {
    throw badRequest("Import data should contain a non-empty 'ruleChains' array!");
  }
  if (body.metadata !== undefined && body.metadata !== null && !Array.isArray(body.metadata)) {
    throw badRequest("Import data 'metadata' should be an array!");
  }
  const chains = body.ruleChains.map((c, i) => {
    if (!isObject(c)) throw badRequest(`Rule chain #${i} should be an object!`);
    const name = typeof c.name === 'string' ? c.name.trim() : '';
    if (!name) throw badRequest(`Rule chain #${i}: Rule chain name should be specified!`);
    if (name.length > 255) throw badRequest(`Rule chain #${i}: name is too long!`);
    return {
      oldId: refId(c.id),
      name,
      debugMode: c.debugMode === true,
      configuration: c.configuration ?? null,
      additionalInfo: c.additionalInfo ?? null,
    };
  });
  const idMap = new Map<string, string>();
  const existing = overwrite ? await repo.findAll(tenantId, q) : [];
  const taken = new Set<string>();
  const plan = chains.map((c) => {
    const match = overwrite ? existing.find((e) => e.name === c.name && !taken.has(e.id)) : undefined;
    const id = match?.id ?? newId();
    taken.add(id);
    if (c.oldId) {
      if (idMap.has(c.oldId)) throw badRequest(`Rule chain id ${c.oldId} appears twice in the import!`);
      idMap.set(c.oldId, id);
    }
    return { ...c, id, match };
  });

  const graphs = new Map<string, GraphInput>();
  ((body.metadata as unknown[] | undefined) ?? []).forEach((m, i) => {
    if (!isObject(m)) throw badRequest(`Metadata #${i} should be an object!`);
    const oldId = refId(m.ruleChainId);
    const id = oldId && idMap.get(oldId);
    if (!id) throw badRequest(`Metadata #${i} does not belong to a rule chain of the import!`);
    if (graphs.has(id)) throw badRequest(`Metadata #${i}: the rule chain has metadata twice!`);
    let g: GraphInput;
    try {
      g = parseGraph(m);
    } catch (err) {
      throw badRequest(`Metadata #${i}: ${(err as Error).message}`);
    }
    graphs.set(id, {
      ...g,
      nodes: g.nodes.map((n) => ({ ...n, id: undefined })),
      ruleChainConnections: g.ruleChainConnections.map((c) => ({
        ...c,
        targetRuleChainId: idMap.get(c.targetRuleChainId) ?? c.targetRuleChainId,
      })),
    });
  });

  // Chains first, so that connections between imported chains find their targets.
  const results: ImportResult[] = [];
  for (const p of plan) {
    const row: RuleChainRow = {
      id: p.id,
      created_time: p.match?.created_time ?? hooks.now(),
      tenant_id: tenantId,
      name: p.name,
      type: 'CORE',
      first_rule_node_id: p.match?.first_rule_node_id ?? null,
      root: p.match?.root ?? false,
      debug_mode: p.debugMode,
      configuration: p.configuration,
      additional_info: p.additionalInfo,
    };
    if (p.match) {
      await repo.update(q, row);
    } else {
      await hooks.checkLimit(q);
      await repo.insert(q, row);
    }
    await hooks.audit(q, row, p.match ? 'UPDATED' : 'ADDED');
    results.push({ ruleChainId: chainRef(p.id), ruleChainName: p.name, updated: !!p.match, error: null });
  }
  for (const [id, g] of graphs) {
    try {
      await hooks.applyGraph(q, id, g);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 400) throw err;
      const name = plan.find((p) => p.id === id)?.name;
      throw badRequest(`Rule chain '${name}': ${err.message}`);
    }
  }
  return results;
}
