-- Issue 26: hiding a person from a photo is the hiding visitor's own view, unless the person
-- is the visitor themself (their own face profile matches them: faces.hidden, face_hides, for
-- everyone). A visitor's own view: the photos they took a person they follow off. Their maybe
-- strip, person lists and that person's photo list leave these out; nobody else's do. They go
-- with the visitor's face data (destroymyself), their user, the photo or the person.
CREATE TABLE face_view_hides (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  person_id integer NOT NULL REFERENCES persons(id) ON DELETE CASCADE,
  photo_id integer NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, person_id, photo_id)
);
CREATE INDEX face_view_hides_photo ON face_view_hides(photo_id);
CREATE INDEX face_view_hides_person ON face_view_hides(person_id);
