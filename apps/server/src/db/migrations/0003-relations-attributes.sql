-- Shared by every entity module: relations between entities (reference §2 "Relations") and
-- attribute key-values per entity and scope (CLIENT_SCOPE, SERVER_SCOPE, SHARED_SCOPE).

CREATE TABLE relation (
  from_id uuid NOT NULL,
  from_type text NOT NULL,
  to_id uuid NOT NULL,
  to_type text NOT NULL,
  relation_type_group text NOT NULL DEFAULT 'COMMON',
  relation_type text NOT NULL,
  additional_info jsonb,
  PRIMARY KEY (from_id, from_type, relation_type_group, relation_type, to_id, to_type)
);
-- Walking "to" an entity and deleting an entity's relations both look up by the target.
CREATE INDEX relation_to_idx ON relation (to_id, to_type, relation_type_group);

CREATE TABLE attribute_kv (
  entity_type text NOT NULL,
  entity_id uuid NOT NULL,
  attribute_type text NOT NULL,
  attribute_key text NOT NULL,
  bool_v boolean,
  str_v text,
  long_v bigint,
  dbl_v double precision,
  json_v jsonb,
  last_update_ts bigint NOT NULL,
  PRIMARY KEY (entity_id, attribute_type, attribute_key)
);
