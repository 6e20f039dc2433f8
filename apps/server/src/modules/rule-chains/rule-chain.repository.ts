// SQL of rule chains, rule nodes and their connections.
import type { PageData, PageLink } from '@sapo/common';
import type { Queryable } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { queryPage } from '../../lib/paging.ts';
import type { ConnectionRow, GraphInput, RuleChainRow, RuleNodeRow } from './rule-chain-wire.ts';

const SORT = { name: 'lower(name)', createdTime: 'created_time', root: 'root' };
const CHAIN_COLS =
  'id, created_time, tenant_id, name, type, first_rule_node_id, root, debug_mode, configuration, additional_info';
const NODE_COLS = 'id, created_time, rule_chain_id, node_index, type, name, debug_mode, configuration, additional_info';
const CONN_COLS = 'rule_chain_id, ord, from_node_id, to_node_id, to_chain_id, type, additional_info';

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export class RuleChainRepository {
  constructor(private readonly db: Queryable) {}

  async findById(tenantId: string, id: string, q: Queryable = this.db): Promise<RuleChainRow | undefined> {
    const rows = await q.query<RuleChainRow>(`SELECT ${CHAIN_COLS} FROM rule_chain WHERE id = $1 AND tenant_id = $2`, [
      id,
      tenantId,
    ]);
    return rows[0];
  }

  /** Whether a rule chain with this id exists in any tenant (another tenant's is a 403, not a 404). */
  async exists(id: string, q: Queryable = this.db): Promise<boolean> {
    return (await q.query('SELECT 1 FROM rule_chain WHERE id = $1', [id])).length > 0;
  }

  async findByIds(tenantId: string, ids: readonly string[], q: Queryable = this.db): Promise<RuleChainRow[]> {
    if (!ids.length) return [];
    return q.query<RuleChainRow>(`SELECT ${CHAIN_COLS} FROM rule_chain WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [
      tenantId,
      ids,
    ]);
  }

  async findAll(tenantId: string, q: Queryable = this.db, limit?: number): Promise<RuleChainRow[]> {
    return q.query<RuleChainRow>(
      `SELECT ${CHAIN_COLS} FROM rule_chain WHERE tenant_id = $1 ORDER BY created_time, id LIMIT $2`,
      [tenantId, limit ?? null],
    );
  }

  /** The ids among `ids` that are chains of the tenant, kept from deletion until the transaction ends. */
  async lockTargets(q: Queryable, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await q.query<{ id: string }>(
      'SELECT id FROM rule_chain WHERE tenant_id = $1 AND id = ANY($2::uuid[]) FOR SHARE',
      [tenantId, ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  async findRoot(tenantId: string, q: Queryable = this.db): Promise<RuleChainRow | undefined> {
    const rows = await q.query<RuleChainRow>(`SELECT ${CHAIN_COLS} FROM rule_chain WHERE tenant_id = $1 AND root`, [
      tenantId,
    ]);
    return rows[0];
  }

  findPage(tenantId: string, link: PageLink): Promise<PageData<RuleChainRow>> {
    return queryPage<RuleChainRow>(
      this.db,
      {
        from: 'rule_chain',
        where: ['tenant_id = $1'],
        params: [tenantId],
        searchColumn: 'name',
        sortColumns: SORT,
        select: CHAIN_COLS,
      },
      link,
    );
  }

  async count(tenantId: string, q: Queryable): Promise<number> {
    const rows = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM rule_chain WHERE tenant_id = $1', [
      tenantId,
    ]);
    return rows[0]?.n ?? 0;
  }

  async insert(q: Queryable, r: RuleChainRow): Promise<void> {
    await q.query(
      `INSERT INTO rule_chain (${CHAIN_COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)`,
      [
        r.id,
        r.created_time,
        r.tenant_id,
        r.name,
        r.type,
        r.first_rule_node_id,
        r.root,
        r.debug_mode,
        json(r.configuration),
        json(r.additional_info),
      ],
    );
  }

  /** Name, debug mode, configuration and description; root and the first node have their own calls. */
  async update(q: Queryable, r: RuleChainRow): Promise<void> {
    await q.query(
      `UPDATE rule_chain SET name = $2, debug_mode = $3, configuration = $4::jsonb, additional_info = $5::jsonb
       WHERE id = $1`,
      [r.id, r.name, r.debug_mode, json(r.configuration), json(r.additional_info)],
    );
  }

  /** Unsets the old root first: the partial unique index allows one root per tenant at any moment. */
  async setRoot(q: Queryable, tenantId: string, id: string): Promise<void> {
    // Root switches of a tenant take turns (the tenant row is the lock; NO KEY UPDATE does not block
    // inserts that reference the tenant), so each one's statements see the previous one's result.
    await q.query('SELECT 1 FROM tenant WHERE id = $1 FOR NO KEY UPDATE', [tenantId]);
    await q.query('UPDATE rule_chain SET root = false WHERE tenant_id = $1 AND root AND id <> $2', [tenantId, id]);
    await q.query('UPDATE rule_chain SET root = true WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
  }

  /** Deletes the chain; nodes, its connections and other chains' connections to it go by cascade. */
  async delete(q: Queryable, id: string): Promise<void> {
    await q.query('DELETE FROM rule_chain WHERE id = $1', [id]);
  }

  /** Ids of the chain's nodes (their events are deleted with the chain). */
  async nodeIds(q: Queryable, chainIds: readonly string[]): Promise<string[]> {
    const rows = await q.query<{ id: string }>('SELECT id FROM rule_node WHERE rule_chain_id = ANY($1::uuid[])', [
      chainIds,
    ]);
    return rows.map((r) => r.id);
  }

  /** Ids of chains (other than `id`) whose nodes connect to chain `id`. */
  async referencingChains(q: Queryable, id: string): Promise<string[]> {
    const rows = await q.query<{ id: string }>(
      'SELECT DISTINCT rule_chain_id AS id FROM rule_node_connection WHERE to_chain_id = $1 AND rule_chain_id <> $1',
      [id],
    );
    return rows.map((r) => r.id);
  }

  async nodes(chainIds: readonly string[], q: Queryable = this.db): Promise<RuleNodeRow[]> {
    return q.query<RuleNodeRow>(
      `SELECT ${NODE_COLS} FROM rule_node WHERE rule_chain_id = ANY($1::uuid[]) ORDER BY rule_chain_id, node_index`,
      [chainIds],
    );
  }

  async connections(chainIds: readonly string[], q: Queryable = this.db): Promise<ConnectionRow[]> {
    return q.query<ConnectionRow>(
      `SELECT ${CONN_COLS} FROM rule_node_connection WHERE rule_chain_id = ANY($1::uuid[]) ORDER BY rule_chain_id, ord`,
      [chainIds],
    );
  }

  async nodeById(id: string, q: Queryable = this.db): Promise<(RuleNodeRow & { tenant_id: string }) | undefined> {
    const rows = await q.query<RuleNodeRow & { tenant_id: string }>(
      `SELECT n.id, n.created_time, n.rule_chain_id, n.node_index, n.type, n.name, n.debug_mode, n.configuration,
              n.additional_info, c.tenant_id
       FROM rule_node n JOIN rule_chain c ON c.id = n.rule_chain_id WHERE n.id = $1`,
      [id],
    );
    return rows[0];
  }

  /**
   * Replaces the chain's graph: nodes whose id already belongs to this chain keep it (and their
   * events), others get new ids; nodes left out are deleted. Returns the deleted node ids.
   */
  async replaceGraph(q: Queryable, chainId: string, g: GraphInput, now: number): Promise<string[]> {
    // Concurrent saves of one chain take turns (the node read below then sees the previous save).
    await q.query('SELECT id FROM rule_chain WHERE id = $1 FOR UPDATE', [chainId]);
    const existing = new Set(
      (await q.query<{ id: string }>('SELECT id FROM rule_node WHERE rule_chain_id = $1', [chainId])).map((r) => r.id),
    );
    const used = new Set<string>();
    const ids = g.nodes.map((n) => {
      const id = n.id && existing.has(n.id) && !used.has(n.id) ? n.id : newId();
      used.add(id);
      return id;
    });
    const removed = [...existing].filter((id) => !used.has(id));
    await q.query('DELETE FROM rule_node_connection WHERE rule_chain_id = $1', [chainId]);
    if (removed.length) await q.query('DELETE FROM rule_node WHERE id = ANY($1::uuid[])', [removed]);
    for (const [i, n] of g.nodes.entries()) {
      await q.query(
        `INSERT INTO rule_node (${NODE_COLS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)
         ON CONFLICT (id) DO UPDATE SET node_index = EXCLUDED.node_index, type = EXCLUDED.type, name = EXCLUDED.name,
           debug_mode = EXCLUDED.debug_mode, configuration = EXCLUDED.configuration,
           additional_info = EXCLUDED.additional_info`,
        [ids[i], now, chainId, i, n.type, n.name, n.debugMode, json(n.configuration), json(n.additionalInfo)],
      );
    }
    const rows: [number, string, string | null, string | null, string, string | null][] = [
      ...g.connections.map((c) => [0, ids[c.fromIndex]!, ids[c.toIndex]!, null, c.type, null] as const),
      ...g.ruleChainConnections.map(
        (c) => [0, ids[c.fromIndex]!, null, c.targetRuleChainId, c.type, json(c.additionalInfo)] as const,
      ),
    ].map((r, ord) => [ord, r[1], r[2], r[3], r[4], r[5]]);
    if (rows.length) {
      await q.query(
        `INSERT INTO rule_node_connection (rule_chain_id, ord, from_node_id, to_node_id, to_chain_id, type, additional_info)
         SELECT $1, u.ord, u.f, u.tn, u.tc, u.t, u.a::jsonb
         FROM unnest($2::int[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[]) AS u(ord, f, tn, tc, t, a)`,
        [
          chainId,
          rows.map((r) => r[0]),
          rows.map((r) => r[1]),
          rows.map((r) => r[2]),
          rows.map((r) => r[3]),
          rows.map((r) => r[4]),
          rows.map((r) => r[5]),
        ],
      );
    }
    const first = g.firstNodeIndex === null ? null : ids[g.firstNodeIndex]!;
    await q.query('UPDATE rule_chain SET first_rule_node_id = $2 WHERE id = $1', [chainId, first]);
    return removed;
  }

  /** Names of the tenant's device profiles that send their devices' messages to chain `id`. */
  async profilesUsing(q: Queryable, tenantId: string, id: string): Promise<string[]> {
    const rows = await q.query<{ name: string }>(
      'SELECT name FROM device_profile WHERE tenant_id = $1 AND default_rule_chain_id = $2 ORDER BY name',
      [tenantId, id],
    );
    return rows.map((r) => r.name);
  }
}
