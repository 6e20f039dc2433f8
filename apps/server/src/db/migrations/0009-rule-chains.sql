-- Rule chains, their nodes and connections, and rule-engine events (reference §2.1, §9; spec 1-client §3.8).

CREATE TABLE rule_chain (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL DEFAULT 'CORE',
  first_rule_node_id uuid,
  root boolean NOT NULL DEFAULT false,
  debug_mode boolean NOT NULL DEFAULT false,
  configuration jsonb,
  additional_info jsonb
);
-- One root chain per tenant: the database refuses a second one even under concurrent requests.
CREATE UNIQUE INDEX rule_chain_root_uq ON rule_chain (tenant_id) WHERE root;
CREATE INDEX rule_chain_search_idx ON rule_chain (tenant_id, lower(name) text_pattern_ops);
CREATE INDEX rule_chain_created_idx ON rule_chain (tenant_id, created_time);

CREATE TABLE rule_node (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  rule_chain_id uuid NOT NULL REFERENCES rule_chain (id) ON DELETE CASCADE,
  -- Position in the metadata's nodes array: connections are exchanged by index, so the order is kept.
  node_index integer NOT NULL,
  type text NOT NULL,
  name text NOT NULL,
  debug_mode boolean NOT NULL DEFAULT false,
  configuration jsonb,
  additional_info jsonb
);
CREATE INDEX rule_node_chain_idx ON rule_node (rule_chain_id, node_index);

-- Connections live in a table rather than as jsonb on the chain so that the database keeps them
-- true: deleting a node drops its connections, and deleting a chain drops the connections other
-- chains had to it (ThingsBoard removes those relations too) without rewriting their graphs.
-- Exactly one of to_node_id (node → node) and to_chain_id (node → another rule chain) is set.
CREATE TABLE rule_node_connection (
  rule_chain_id uuid NOT NULL REFERENCES rule_chain (id) ON DELETE CASCADE,
  -- Position in connections / ruleChainConnections, so a saved graph reads back in the same order.
  ord integer NOT NULL,
  from_node_id uuid NOT NULL REFERENCES rule_node (id) ON DELETE CASCADE,
  to_node_id uuid REFERENCES rule_node (id) ON DELETE CASCADE,
  to_chain_id uuid REFERENCES rule_chain (id) ON DELETE CASCADE,
  type text NOT NULL,
  additional_info jsonb,
  CHECK ((to_node_id IS NULL) <> (to_chain_id IS NULL))
);
CREATE INDEX rule_node_connection_chain_idx ON rule_node_connection (rule_chain_id, ord);
CREATE INDEX rule_node_connection_from_idx ON rule_node_connection (from_node_id);
CREATE INDEX rule_node_connection_to_node_idx ON rule_node_connection (to_node_id) WHERE to_node_id IS NOT NULL;
CREATE INDEX rule_node_connection_to_chain_idx ON rule_node_connection (to_chain_id) WHERE to_chain_id IS NOT NULL;

-- Debug and lifecycle events. No foreign keys: the writer flushes in the background and must not
-- fail a batch because a node or tenant went away meanwhile; deletes remove events explicitly.
CREATE TABLE event (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid NOT NULL,
  entity_type text NOT NULL,
  entity_id uuid NOT NULL,
  event_type text NOT NULL,
  event_uid text,
  body jsonb NOT NULL
);
-- The events panel (per entity and type, newest first) and the retention prune per entity and type.
CREATE INDEX event_lookup_idx ON event (tenant_id, entity_id, event_type, created_time DESC);
-- Events of any type for an entity, and the age prune.
CREATE INDEX event_entity_idx ON event (entity_id, created_time DESC);
CREATE INDEX event_created_idx ON event (created_time);
