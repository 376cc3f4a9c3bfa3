-- Rich content blocks (richtext / liverich page components), keyed by the sha256 of the
-- cleaned HTML. Pages name a content by its hash; a stored content never changes.
CREATE TABLE contents (
  hash text PRIMARY KEY,
  html text NOT NULL,
  created_at bigint NOT NULL
);
