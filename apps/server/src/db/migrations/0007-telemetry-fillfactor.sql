-- Latest values and attributes are rewritten in place all the time. Free room on every page lets
-- Postgres keep the new row version on the same page (a HOT update: no index entry, dead versions
-- pruned as pages are read), which matters most on the embedded database, which has no autovacuum.
ALTER TABLE ts_kv_latest SET (fillfactor = 50);
ALTER TABLE attribute_kv SET (fillfactor = 70);
