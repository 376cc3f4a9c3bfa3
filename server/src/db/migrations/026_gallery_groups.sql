-- Groups (issue 16, spec part 1 §2 /page/group/{token}): an organiser's shared album of several
-- galleries. The token is an unguessable random string (the link is the capability); each listed
-- gallery still keeps its own gates (GroupService shows a gated one by name only).
CREATE TABLE gallery_groups (
  id serial PRIMARY KEY,
  token text NOT NULL UNIQUE,
  name text NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE gallery_group_members (
  group_id integer NOT NULL REFERENCES gallery_groups(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (group_id, gallery_id)
);
CREATE INDEX gallery_group_members_gallery ON gallery_group_members(gallery_id);
