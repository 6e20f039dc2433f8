-- Login white-label (ThingsBoard PE's "login white labeling"): one row per tenant. The sign-in page
-- finds it by the host name it is served on, so a domain name belongs to at most one tenant.
CREATE TABLE login_white_label (
  tenant_id uuid PRIMARY KEY REFERENCES tenant (id) ON DELETE CASCADE,
  domain_name text,
  settings jsonb NOT NULL,
  updated_time bigint NOT NULL
);
-- Stored lower-case (host names are case-insensitive), so a plain unique index is enough.
CREATE UNIQUE INDEX login_white_label_domain_uq ON login_white_label (domain_name) WHERE domain_name IS NOT NULL;
