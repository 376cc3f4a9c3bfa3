-- Comments and moderation (issue 15 Deliver 1, 3; types/api/comments.ts).
-- A comment belongs to one gallery; a reply points at its root comment (replies of replies
-- are stored under the root). `status`: shown (listed and broadcast), held (the content check
-- asked for review: only its author and the organiser see it), rejected (an organiser refused
-- it after review: kept for the record, never shown). `master`: posted by the organiser.
CREATE TABLE comments (
  id serial PRIMARY KEY,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  openid text NOT NULL DEFAULT '',
  nickname text NOT NULL DEFAULT '',
  photo text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('text', 'html', 'image', 'file', 'redpackage', 'question', 'gift', 'emotion', 'vote')),
  content text NOT NULL,
  reply_id integer REFERENCES comments(id) ON DELETE CASCADE,
  master boolean NOT NULL DEFAULT false,
  istop boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'shown' CHECK (status IN ('shown', 'held', 'rejected')),
  -- What the content check said when it held the comment (its label), for the organiser.
  check_label text NOT NULL DEFAULT '',
  -- The gift a gift comment sent (its cooldown counts from here).
  gift_id integer,
  gallery_data jsonb,
  video_data jsonb,
  created_at bigint NOT NULL
);
CREATE INDEX comments_gallery ON comments(gallery_id, status, id DESC) WHERE reply_id IS NULL;
CREATE INDEX comments_replies ON comments(reply_id, id) WHERE reply_id IS NOT NULL;
CREATE INDEX comments_user ON comments(user_id, gallery_id, id DESC);
CREATE INDEX comments_held ON comments(gallery_id, id) WHERE status = 'held';

-- Visitors an organiser muted in a gallery ('You are being silenced').
CREATE TABLE comment_mutes (
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  PRIMARY KEY (gallery_id, user_id)
);

-- A gallery's gifts: price in integer cents (0: free), cooldown between two sends of it by one visitor.
CREATE TABLE comment_gifts (
  id serial PRIMARY KEY,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  name text NOT NULL,
  image text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  cooldown_s integer NOT NULL DEFAULT 0 CHECK (cooldown_s >= 0),
  position integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL
);
CREATE INDEX comment_gifts_gallery ON comment_gifts(gallery_id, position, id);

-- A gallery's emotions (sticker sets): a name and its images.
CREATE TABLE comment_emotions (
  id serial PRIMARY KEY,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  name text NOT NULL,
  images jsonb NOT NULL,
  position integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL
);
CREATE INDEX comment_emotions_gallery ON comment_emotions(gallery_id, position, id);
