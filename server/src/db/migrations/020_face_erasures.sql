-- Spots of faces a visitor erased (POST /api/v2/face/destroymyself): the photo and the box
-- only (fractions of the photo, as in faces), never an embedding or a crop. Indexing a photo
-- again (a new engine version, a retried job) skips a face found on such a spot, so a deleted
-- face profile's faces and matches do not come back. They go with their photo.
CREATE TABLE face_erasures (
  id serial PRIMARY KEY,
  photo_id integer NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  x real NOT NULL,
  y real NOT NULL,
  w real NOT NULL,
  h real NOT NULL,
  erased_at bigint NOT NULL
);
CREATE INDEX face_erasures_photo ON face_erasures(photo_id);
