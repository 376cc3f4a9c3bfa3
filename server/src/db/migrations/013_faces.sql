-- Face search (issue 13). Embeddings are 1024 float32 values, big-endian, in bytea:
-- every database reads them (PostgreSQL without pgvector loads them into the
-- in-process index); where pgvector exists, services/face/vectors.ts adds vector
-- columns beside them and searches with <=>.

-- Every face and person write takes the next value, so an in-process index catches
-- up with one query (rows with seq above the last it saw).
CREATE SEQUENCE face_seq;

-- The indexing queue: one row per photo of a gallery with use_face on. A worker
-- claims a queued row whose lease has run out (FOR UPDATE SKIP LOCKED), sets a new
-- lease, and finishes it in the transaction that writes the faces; a process that
-- dies leaves a lease that runs out, and the job is claimed again.
CREATE TABLE face_jobs (
  photo_id integer PRIMARY KEY REFERENCES photos(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- Unix milliseconds until which the claimer owns the job; 0 when unclaimed.
  lease_until bigint NOT NULL DEFAULT 0,
  lease_token text NOT NULL DEFAULT '',
  faces integer NOT NULL DEFAULT 0,
  error text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  done_at bigint
);
CREATE INDEX face_jobs_queued ON face_jobs(created_at, photo_id) WHERE state = 'queued';
CREATE INDEX face_jobs_gallery ON face_jobs(gallery_id, state);

-- A person: one face cluster of one gallery. centroid: the normalised mean of its faces.
CREATE TABLE persons (
  id serial PRIMARY KEY,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  centroid bytea NOT NULL,
  face_count integer NOT NULL DEFAULT 0,
  cover_face_id integer,
  seq bigint NOT NULL DEFAULT nextval('face_seq'),
  created_at bigint NOT NULL
);
CREATE INDEX persons_gallery ON persons(gallery_id, seq);

-- A face found in a photo. Box as fractions of the displayed photo; the crop is a
-- square JPEG in the object store (crop_key). hidden: a visitor hid this person
-- from this photo (face_hides says who): it no longer counts for the person.
CREATE TABLE faces (
  id serial PRIMARY KEY,
  photo_id integer NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  person_id integer REFERENCES persons(id) ON DELETE SET NULL,
  x real NOT NULL,
  y real NOT NULL,
  w real NOT NULL,
  h real NOT NULL,
  score real NOT NULL,
  embedding bytea NOT NULL,
  crop_key text NOT NULL,
  hidden boolean NOT NULL DEFAULT false,
  seq bigint NOT NULL DEFAULT nextval('face_seq'),
  created_at bigint NOT NULL
);
CREATE INDEX faces_photo ON faces(photo_id);
CREATE INDEX faces_person ON faces(person_id, photo_id) WHERE NOT hidden;
CREATE INDEX faces_gallery_seq ON faces(gallery_id, seq);
ALTER TABLE persons ADD CONSTRAINT persons_cover_face FOREIGN KEY (cover_face_id) REFERENCES faces(id) ON DELETE SET NULL;

-- The visitor's own face: the embedding only (the selfie is never kept).
CREATE TABLE face_profiles (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  embedding bytea NOT NULL,
  updated_at bigint NOT NULL
);

-- People a visitor follows (Following), with the buddy name they gave.
CREATE TABLE face_follows (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  person_id integer NOT NULL REFERENCES persons(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  name text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, person_id)
);
CREATE INDEX face_follows_gallery ON face_follows(user_id, gallery_id);

-- Who hid which person from which photo (the faces stay, hidden).
CREATE TABLE face_hides (
  photo_id integer NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  person_id integer NOT NULL REFERENCES persons(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (photo_id, person_id)
);
