-- Monthly usage counters per tenant, for the tenant profile's monthly limits (issue 18: maxJSExecutions).
-- month = year * 100 + month in UTC (202611). Processes add their counts (upsert), so the total is
-- shared by every server process on one PostgreSQL.

CREATE TABLE api_usage (
  tenant_id uuid NOT NULL,
  month int NOT NULL,
  js_executions bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, month)
);
