-- Device profiles, devices and device credentials (reference §2.1, spec 2-calls §3.7).
-- customer_id is NULL while a device is unassigned (the wire shows NULL_UUID); deleting a customer
-- unassigns its devices, as ThingsBoard does.

CREATE TABLE device_profile (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  image text,
  type text NOT NULL DEFAULT 'DEFAULT',
  transport_type text NOT NULL DEFAULT 'DEFAULT',
  provision_type text NOT NULL DEFAULT 'DISABLED',
  provision_device_key text,
  default_rule_chain_id uuid,
  default_queue_name text,
  is_default boolean NOT NULL DEFAULT false,
  profile_data jsonb NOT NULL
);
CREATE UNIQUE INDEX device_profile_name_uq ON device_profile (tenant_id, name);
-- One default profile per tenant.
CREATE UNIQUE INDEX device_profile_default_uq ON device_profile (tenant_id) WHERE is_default;
-- A provision key names one profile across the whole system (devices present only the key).
CREATE UNIQUE INDEX device_profile_provision_key_uq ON device_profile (provision_device_key)
  WHERE provision_device_key IS NOT NULL;
CREATE INDEX device_profile_search_idx ON device_profile (tenant_id, lower(name) text_pattern_ops);

CREATE TABLE device (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  customer_id uuid REFERENCES customer (id) ON DELETE SET NULL,
  -- No cascade: a profile in use cannot be deleted (the service says so first).
  device_profile_id uuid NOT NULL REFERENCES device_profile (id),
  name text NOT NULL,
  -- The profile's name, kept in step by the profile service (lists filter and sort by it).
  type text NOT NULL,
  label text,
  device_data jsonb NOT NULL,
  additional_info jsonb,
  -- A pending claim registered by the device (secret key and expiry), cleared once claimed.
  claim_secret_key text,
  claim_expiration_time bigint
);
-- Names are unique per tenant; also the lookup by name (tenant/devices?deviceName=, claiming, import).
CREATE UNIQUE INDEX device_name_uq ON device (tenant_id, name);
-- The device table: case-insensitive name prefix search, and its sort columns.
CREATE INDEX device_search_idx ON device (tenant_id, lower(name) text_pattern_ops);
CREATE INDEX device_label_idx ON device (tenant_id, label, id);
CREATE INDEX device_created_idx ON device (tenant_id, created_time);
CREATE INDEX device_type_idx ON device (tenant_id, type, name);
CREATE INDEX device_profile_idx ON device (device_profile_id);
CREATE INDEX device_customer_idx ON device (customer_id, label, id) WHERE customer_id IS NOT NULL;
CREATE INDEX device_customer_search_idx ON device (customer_id, lower(name) text_pattern_ops)
  WHERE customer_id IS NOT NULL;

CREATE TABLE device_credentials (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  device_id uuid NOT NULL REFERENCES device (id) ON DELETE CASCADE,
  credentials_type text NOT NULL,
  -- The access token, or the hash that identifies MQTT basic / X.509 credentials; the transports
  -- look devices up by it, so it is unique across the system.
  credentials_id text NOT NULL,
  credentials_value text
);
CREATE UNIQUE INDEX device_credentials_device_uq ON device_credentials (device_id);
CREATE UNIQUE INDEX device_credentials_id_uq ON device_credentials (credentials_id);

-- Every tenant has a "default" device profile (devices saved without a type use it). A trigger
-- creates it with the tenant, whichever path creates the tenant (API, demo data, future imports).
CREATE FUNCTION create_default_device_profile() RETURNS trigger AS $$
BEGIN
  INSERT INTO device_profile (id, created_time, tenant_id, name, description, type, transport_type,
                              provision_type, is_default, profile_data)
  VALUES (gen_random_uuid(), NEW.created_time, NEW.id, 'default', 'Default device profile', 'DEFAULT', 'DEFAULT',
          'DISABLED', true,
          '{"configuration":{"type":"DEFAULT"},"transportConfiguration":{"type":"DEFAULT"},"provisionConfiguration":{"type":"DISABLED","provisionDeviceSecret":null},"alarms":null}'::jsonb)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER tenant_default_device_profile AFTER INSERT ON tenant
  FOR EACH ROW EXECUTE FUNCTION create_default_device_profile();

-- Tenants that existed before this migration.
INSERT INTO device_profile (id, created_time, tenant_id, name, description, type, transport_type, provision_type,
                            is_default, profile_data)
SELECT gen_random_uuid(), t.created_time, t.id, 'default', 'Default device profile', 'DEFAULT', 'DEFAULT', 'DISABLED',
       true,
       '{"configuration":{"type":"DEFAULT"},"transportConfiguration":{"type":"DEFAULT"},"provisionConfiguration":{"type":"DISABLED","provisionDeviceSecret":null},"alarms":null}'::jsonb
FROM tenant t;
