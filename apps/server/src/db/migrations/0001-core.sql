-- Foundation: installation secrets, settings, tenants, customers, users, sessions, audit log.
-- Times are epoch milliseconds (bigint). Owner ids are NULL where ThingsBoard shows NULL_UUID.

CREATE TABLE installation (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE admin_settings (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  key text NOT NULL UNIQUE,
  json_value jsonb NOT NULL
);

CREATE TABLE tenant_profile (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  name text NOT NULL,
  description text,
  is_default boolean NOT NULL DEFAULT false,
  isolated_tb_core boolean NOT NULL DEFAULT false,
  isolated_tb_rule_engine boolean NOT NULL DEFAULT false,
  profile_data jsonb NOT NULL
);
CREATE UNIQUE INDEX tenant_profile_name_uq ON tenant_profile (name);
CREATE UNIQUE INDEX tenant_profile_default_uq ON tenant_profile (is_default) WHERE is_default;

CREATE TABLE tenant (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  title text NOT NULL,
  region text NOT NULL DEFAULT 'Global',
  tenant_profile_id uuid NOT NULL REFERENCES tenant_profile (id),
  country text, state text, city text, address text, address2 text, zip text, phone text, email text,
  additional_info jsonb
);
CREATE INDEX tenant_title_idx ON tenant (lower(title) text_pattern_ops);

CREATE TABLE customer (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  title text NOT NULL,
  is_public boolean NOT NULL DEFAULT false,
  country text, state text, city text, address text, address2 text, zip text, phone text, email text,
  additional_info jsonb
);
CREATE UNIQUE INDEX customer_title_uq ON customer (tenant_id, title);
CREATE INDEX customer_title_idx ON customer (tenant_id, lower(title) text_pattern_ops);

CREATE TABLE tb_user (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid REFERENCES tenant (id) ON DELETE CASCADE,
  customer_id uuid REFERENCES customer (id) ON DELETE CASCADE,
  email text NOT NULL,
  authority text NOT NULL,
  first_name text,
  last_name text,
  additional_info jsonb
);
CREATE UNIQUE INDEX tb_user_email_uq ON tb_user (email);
CREATE INDEX tb_user_tenant_idx ON tb_user (tenant_id, customer_id);
CREATE INDEX tb_user_email_idx ON tb_user (lower(email) text_pattern_ops);

CREATE TABLE user_credentials (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  user_id uuid NOT NULL UNIQUE REFERENCES tb_user (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  password text,
  -- When the current password was set: expiry and "tokens issued before are invalid".
  password_changed_time bigint,
  password_history jsonb NOT NULL DEFAULT '[]',
  activate_token text UNIQUE,
  activate_token_time bigint,
  reset_token text UNIQUE,
  reset_token_time bigint,
  failed_login_attempts int NOT NULL DEFAULT 0,
  locked_time bigint
);

-- One row per sign-in; access and refresh tokens name it, so logout and reuse detection can revoke it.
CREATE TABLE auth_session (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  user_id uuid REFERENCES tb_user (id) ON DELETE CASCADE,
  public_customer_id uuid REFERENCES customer (id) ON DELETE CASCADE,
  revoked_time bigint,
  revoke_reason text
);
CREATE INDEX auth_session_user_idx ON auth_session (user_id);

CREATE TABLE refresh_token (
  jti uuid PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_session (id) ON DELETE CASCADE,
  created_time bigint NOT NULL,
  expires_time bigint NOT NULL,
  used_time bigint
);
CREATE INDEX refresh_token_session_idx ON refresh_token (session_id);

CREATE TABLE audit_log (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid,
  customer_id uuid,
  entity_type text,
  entity_id uuid,
  entity_name text,
  user_id uuid,
  user_name text,
  action_type text NOT NULL,
  action_data jsonb,
  action_status text NOT NULL,
  action_failure_details text
);
CREATE INDEX audit_log_tenant_time_idx ON audit_log (tenant_id, created_time DESC);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_id, created_time DESC);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, created_time DESC);
