-- Favourite photos (the viewer's heart): one row per user and photo, so a like
-- counts once however often it is sent. photos.love keeps the count.
CREATE TABLE photo_likes (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  photo_id integer NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL,
  path text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, photo_id)
);
CREATE INDEX photo_likes_user_gallery ON photo_likes(user_id, gallery_id, photo_id);
