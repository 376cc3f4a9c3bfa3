-- Photos a visitor has paid for (issue 5): the payment helper inserts a row when an
-- order is paid; originals and watermark-free renders are served against it.
CREATE TABLE paid_images (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  photo_id integer NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  order_id integer,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, photo_id)
);
CREATE INDEX paid_images_photo ON paid_images(photo_id);
