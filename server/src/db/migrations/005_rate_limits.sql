-- Abuse limits (issue 5): fixed-window counters per key (e.g. 'login:ip:1.2.3.4',
-- 'sms:phone:13800000000'), shared by every server process through the database.
CREATE TABLE rate_limits (
  key text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limits_window ON rate_limits(window_start);
