-- Splice posters (issue 15, findme): a long collage a visitor saved, listed on the Find
-- page (GET /api/v2/user/spliceimages). The collage is drawn on the device; the server
-- keeps which photos of which gallery it joined, in order.
CREATE TABLE user_splices (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  image_ids integer[] NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX user_splices_user ON user_splices(user_id, created_at DESC, id DESC);
