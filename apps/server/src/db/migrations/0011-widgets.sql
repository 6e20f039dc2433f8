-- Widgets bundles and widget types (reference §2.1 WidgetsBundle/WidgetType; spec 1-client §3.7).
-- tenant_id NULL = system-owned (ThingsBoard shows NULL_UUID). Aliases are unique per owner, so the
-- unique indexes map NULL to the null id: two system rows with one alias must collide too.

CREATE TABLE widgets_bundle (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid REFERENCES tenant (id) ON DELETE CASCADE,
  alias text NOT NULL,
  title text NOT NULL,
  image text,
  description text
);
CREATE UNIQUE INDEX widgets_bundle_alias_uq
  ON widgets_bundle ((COALESCE(tenant_id, '13814000-1dd2-11b2-8080-808080808080'::uuid)), alias);
CREATE INDEX widgets_bundle_title_idx ON widgets_bundle (tenant_id, lower(title) text_pattern_ops);

-- A type belongs to the bundle of the same owner with alias bundle_alias (ThingsBoard links them by
-- alias, and imported dashboards name widgets by bundleAlias + alias); deleting a bundle deletes them.
CREATE TABLE widget_type (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid REFERENCES tenant (id) ON DELETE CASCADE,
  bundle_alias text NOT NULL,
  alias text NOT NULL,
  name text NOT NULL,
  descriptor jsonb NOT NULL,
  image text,
  description text
);
CREATE UNIQUE INDEX widget_type_alias_uq
  ON widget_type ((COALESCE(tenant_id, '13814000-1dd2-11b2-8080-808080808080'::uuid)), bundle_alias, alias);

-- Hash of the built-in system widget definitions last written, so a start with unchanged
-- definitions costs one SELECT.
CREATE TABLE system_widgets_state (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  definitions_hash text NOT NULL,
  updated_time bigint NOT NULL
);
