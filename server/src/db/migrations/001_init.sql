-- Users and sessions. Times are Unix seconds.
CREATE TABLE users (
  id serial PRIMARY KEY,
  openid text NOT NULL UNIQUE,
  nickname text NOT NULL DEFAULT '',
  photo text NOT NULL DEFAULT '',
  is_mock boolean NOT NULL DEFAULT true,
  created_at bigint NOT NULL
);

-- Only the SHA-256 of a session token is stored.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Galleries and pages. Ids below 1,000,000 are legacy galleries (spec part 1 §9).
CREATE TABLE galleries (
  id serial PRIMARY KEY,
  orderid integer NOT NULL DEFAULT 0,
  link_id text NOT NULL UNIQUE CHECK (link_id ~ '^[A-Za-z0-9]{6,9}$'),
  url_labeling text UNIQUE,
  prefix text NOT NULL DEFAULT '',
  name text NOT NULL,
  "desc" text NOT NULL DEFAULT '',
  cover text,
  watermarks jsonb,
  useglobal integer NOT NULL DEFAULT 0,
  galleryaddress text NOT NULL DEFAULT '',
  start_time bigint,
  end_time bigint,
  status text NOT NULL DEFAULT 'start',
  tags text[] NOT NULL DEFAULT '{}',
  is_pay_down integer NOT NULL DEFAULT 0,
  privacy integer NOT NULL DEFAULT 0,
  access_type text NOT NULL DEFAULT 'free',
  avchatroom text NOT NULL DEFAULT '',
  parent integer NOT NULL DEFAULT 0,
  position integer NOT NULL DEFAULT 0,
  pagedata jsonb,
  config jsonb NOT NULL DEFAULT '{}',
  h5_share_title text NOT NULL DEFAULT '',
  h5_share_text text NOT NULL DEFAULT '',
  h5_share_image text NOT NULL DEFAULT '',
  h5_share_link text NOT NULL DEFAULT '',
  image_total integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL
);
ALTER SEQUENCE galleries_id_seq RESTART WITH 1000001;
CREATE INDEX galleries_parent ON galleries(parent, position, id);

-- Stored image objects, by content hash (SHA-256 hex).
CREATE TABLE images (
  hash text PRIMARY KEY,
  width integer NOT NULL,
  height integer NOT NULL,
  size integer NOT NULL,
  mime text NOT NULL,
  created_at bigint NOT NULL
);

-- Photos of a gallery: an image placed in a gallery.
CREATE TABLE photos (
  id serial PRIMARY KEY,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  hash text NOT NULL REFERENCES images(hash),
  origin text NOT NULL DEFAULT '',
  width integer NOT NULL,
  height integer NOT NULL,
  size integer NOT NULL,
  shoottime bigint NOT NULL,
  createtime bigint NOT NULL,
  love integer NOT NULL DEFAULT 0,
  tags text[] NOT NULL DEFAULT '{}',
  show_mark integer NOT NULL DEFAULT 1,
  hidden boolean NOT NULL DEFAULT false,
  checked integer NOT NULL DEFAULT 1,
  trash integer NOT NULL DEFAULT 0,
  UNIQUE (gallery_id, hash)
);
CREATE INDEX photos_by_shoottime ON photos(gallery_id, shoottime, id) WHERE NOT hidden;
CREATE INDEX photos_by_createtime ON photos(gallery_id, createtime, id) WHERE NOT hidden;
CREATE INDEX photos_by_love ON photos(gallery_id, love, id) WHERE NOT hidden;
CREATE INDEX photos_by_hash ON photos(hash);
CREATE INDEX photos_tags ON photos USING gin(tags);

-- Page views and unique visitors per gallery.
CREATE TABLE gallery_stats (
  gallery_id integer PRIMARY KEY REFERENCES galleries(id) ON DELETE CASCADE,
  view bigint NOT NULL DEFAULT 0,
  uv bigint NOT NULL DEFAULT 0,
  imageviews bigint NOT NULL DEFAULT 0
);
