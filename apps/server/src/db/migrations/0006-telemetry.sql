-- Time series, latest values and per-minute rollups (issue 5).

-- Keys of time series as small integers: ts_kv holds billions of rows, the key text once here.
CREATE TABLE ts_kv_dictionary (
  key text PRIMARY KEY,
  key_id serial UNIQUE
);

-- Raw time series. Exactly one value column is set per row. The primary key doubles as the
-- access path of every read (one series, a time range).
CREATE TABLE ts_kv (
  entity_id uuid NOT NULL,
  key int NOT NULL,
  ts bigint NOT NULL,
  bool_v boolean,
  str_v text,
  long_v bigint,
  dbl_v double precision,
  json_v jsonb,
  PRIMARY KEY (entity_id, key, ts)
);

-- The newest value of every series (max ts wins, as in ThingsBoard). Rebuilt from ts_kv on start
-- for series written after the last flush, so it may lag ts_kv but never loses anything.
CREATE TABLE ts_kv_latest (
  entity_id uuid NOT NULL,
  key text NOT NULL,
  ts bigint NOT NULL,
  bool_v boolean,
  str_v text,
  long_v bigint,
  dbl_v double precision,
  json_v jsonb,
  PRIMARY KEY (entity_id, key)
);

-- Per-minute aggregates of closed minutes (ts = minute start), so long-range aggregation reads
-- 60x fewer rows. Counts per value type and sums/extremes per numeric type reproduce ThingsBoard's
-- typed MIN/MAX/SUM/AVG/COUNT results exactly.
CREATE TABLE ts_kv_1m (
  entity_id uuid NOT NULL,
  key int NOT NULL,
  ts bigint NOT NULL,
  cnt_long int NOT NULL DEFAULT 0,
  cnt_dbl int NOT NULL DEFAULT 0,
  cnt_bool int NOT NULL DEFAULT 0,
  cnt_str int NOT NULL DEFAULT 0,
  cnt_json int NOT NULL DEFAULT 0,
  sum_long double precision,
  sum_dbl double precision,
  min_long bigint,
  max_long bigint,
  min_dbl double precision,
  max_dbl double precision,
  PRIMARY KEY (entity_id, key, ts)
);

-- Minutes before `watermark` are in ts_kv_1m; later ones are read from ts_kv.
CREATE TABLE ts_rollup_state (
  id int PRIMARY KEY CHECK (id = 1),
  watermark bigint NOT NULL
);
INSERT INTO ts_rollup_state (id, watermark) VALUES (1, 0);
