-- Forms (issue 14 Deliver 5): form phone codes share sms_codes with the phone gate, told apart
-- by purpose ('gate' or 'form') and, for a form, the form's component id.
ALTER TABLE sms_codes ADD COLUMN purpose text NOT NULL DEFAULT 'gate' CHECK (purpose IN ('gate', 'form'));
ALTER TABLE sms_codes ADD COLUMN form_id text;

-- A phone a visitor proved with a code, for one form of one gallery (validateCodeV2).
CREATE TABLE form_phones (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  form_id text NOT NULL,
  country text NOT NULL,
  phone text NOT NULL,
  verified_at bigint NOT NULL,
  PRIMARY KEY (user_id, gallery_id, form_id, country, phone)
);

-- One submission per visitor and form; a repeated submit replaces the values (updated_at).
-- `fields` keeps each field's id, type, label and value as they were when submitted.
-- The user may be deleted later (an idle guest): the submission stays, user_id NULL.
CREATE TABLE form_submissions (
  id serial PRIMARY KEY,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  form_id text NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  parent text NOT NULL,
  fields jsonb NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX form_submissions_one ON form_submissions(gallery_id, form_id, user_id);
CREATE INDEX form_submissions_gallery ON form_submissions(gallery_id, form_id, id DESC);
