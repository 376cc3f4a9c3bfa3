-- Visit history: one row per visitor and gallery, moved to the top on every visit.
CREATE TABLE gallery_visits (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  parent_id integer NOT NULL DEFAULT 0,
  visited_at bigint NOT NULL,
  PRIMARY KEY (user_id, gallery_id)
);
CREATE INDEX gallery_visits_by_user ON gallery_visits(user_id, visited_at DESC, gallery_id DESC);
CREATE INDEX gallery_visits_by_gallery ON gallery_visits(gallery_id, visited_at DESC);

-- Statistics batches already counted: a replayed batch id counts nothing.
CREATE TABLE stat_batches (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  batch_id uuid NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, batch_id)
);
CREATE INDEX stat_batches_created ON stat_batches(created_at);

-- Distinct visitors of a gallery (gallery_stats.uv counts the rows).
CREATE TABLE gallery_visitors (
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  first_at bigint NOT NULL,
  PRIMARY KEY (gallery_id, user_id)
);

-- Views counted per visitor, gallery and minute: the per-minute cap reads it.
CREATE TABLE stat_minutes (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  minute bigint NOT NULL,
  views integer NOT NULL DEFAULT 0,
  imageviews integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, gallery_id, minute)
);
