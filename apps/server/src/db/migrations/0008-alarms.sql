-- Alarms (reference §2.1 Alarm; spec 1-client §3.5). customer_id is the originator's customer when
-- the alarm was raised (NULL when unassigned), so customer users find their alarms without a join.
CREATE TABLE alarm (
  id uuid PRIMARY KEY,
  created_time bigint NOT NULL,
  tenant_id uuid NOT NULL REFERENCES tenant (id) ON DELETE CASCADE,
  customer_id uuid,
  type text NOT NULL,
  originator_id uuid NOT NULL,
  originator_type text NOT NULL,
  severity text NOT NULL,
  status text NOT NULL,
  start_ts bigint NOT NULL DEFAULT 0,
  end_ts bigint NOT NULL DEFAULT 0,
  ack_ts bigint NOT NULL DEFAULT 0,
  clear_ts bigint NOT NULL DEFAULT 0,
  details jsonb,
  propagate boolean NOT NULL DEFAULT false,
  propagate_relation_types jsonb
);
-- At most one uncleared alarm per originator and type: create-or-update relies on it under concurrency.
CREATE UNIQUE INDEX alarm_active_idx ON alarm (originator_id, type) WHERE status IN ('ACTIVE_UNACK', 'ACTIVE_ACK');
CREATE INDEX alarm_originator_idx ON alarm (originator_id, created_time DESC);
CREATE INDEX alarm_tenant_idx ON alarm (tenant_id, created_time DESC);

-- Every entity whose alarm lists show the alarm: the originator itself and, when the alarm
-- propagates, every entity with a relation (transitively) to it.
CREATE TABLE alarm_propagation (
  alarm_id uuid NOT NULL REFERENCES alarm (id) ON DELETE CASCADE,
  entity_id uuid NOT NULL,
  entity_type text NOT NULL,
  tenant_id uuid NOT NULL,
  created_time bigint NOT NULL,
  PRIMARY KEY (entity_id, alarm_id)
);
CREATE INDEX alarm_propagation_alarm_idx ON alarm_propagation (alarm_id);
CREATE INDEX alarm_propagation_list_idx ON alarm_propagation (entity_id, created_time DESC);
