-- Dashboards (reference §2.2 "DashboardInfo", "Dashboard"; spec 2-calls §7 "Dashboards").
-- The configuration is the web app's opaque JSON (widgets, aliases, states, layouts, settings).

CREATE TABLE dashboard (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  title text NOT NULL,
  configuration jsonb
);
CREATE INDEX dashboard_search_idx ON dashboard (tenant_id, lower(title) text_pattern_ops);
CREATE INDEX dashboard_created_idx ON dashboard (tenant_id, created_time);

-- A dashboard may be assigned to many customers (ThingsBoard's assignedCustomers). Titles are read
-- from customer at query time, so a renamed customer never shows a stale title; deleting a customer
-- or a dashboard removes the assignment.
CREATE TABLE dashboard_customer (
  dashboard_id uuid NOT NULL REFERENCES dashboard (id) ON DELETE CASCADE,
  customer_id uuid NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  PRIMARY KEY (dashboard_id, customer_id)
);
CREATE INDEX dashboard_customer_customer_idx ON dashboard_customer (customer_id);
