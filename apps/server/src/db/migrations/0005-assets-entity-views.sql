-- Assets and entity views (reference §2.1). customer_id is NULL while unassigned (the wire shows NULL_UUID);
-- deleting a customer unassigns its assets and views, as ThingsBoard does.

CREATE TABLE asset (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  customer_id uuid REFERENCES customer (id) ON DELETE SET NULL,
  name text NOT NULL,
  type text NOT NULL,
  label text,
  additional_info jsonb
);
-- Names are unique per tenant; the index also serves "sort by name" and the lookup by name.
CREATE UNIQUE INDEX asset_name_uq ON asset (tenant_id, name);
-- Case-insensitive prefix search of the tables (lower(name) LIKE 'abc%').
CREATE INDEX asset_search_idx ON asset (tenant_id, lower(name) text_pattern_ops);
CREATE INDEX asset_label_idx ON asset (tenant_id, label, id);
CREATE INDEX asset_type_idx ON asset (tenant_id, type, name);
CREATE INDEX asset_created_idx ON asset (tenant_id, created_time);
CREATE INDEX asset_customer_idx ON asset (customer_id, name) WHERE customer_id IS NOT NULL;

CREATE TABLE entity_view (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  customer_id uuid REFERENCES customer (id) ON DELETE SET NULL,
  -- The device or asset the view exposes (no foreign key: it points into two tables).
  entity_type text NOT NULL,
  entity_id uuid NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  keys jsonb NOT NULL,
  start_ts bigint NOT NULL DEFAULT 0,
  end_ts bigint NOT NULL DEFAULT 0,
  additional_info jsonb
);
CREATE UNIQUE INDEX entity_view_name_uq ON entity_view (tenant_id, name);
CREATE INDEX entity_view_search_idx ON entity_view (tenant_id, lower(name) text_pattern_ops);
CREATE INDEX entity_view_type_idx ON entity_view (tenant_id, type, name);
CREATE INDEX entity_view_created_idx ON entity_view (tenant_id, created_time);
CREATE INDEX entity_view_customer_idx ON entity_view (customer_id, name) WHERE customer_id IS NOT NULL;
-- Deleting a device or asset finds the views that point to it.
CREATE INDEX entity_view_target_idx ON entity_view (entity_id, entity_type);
