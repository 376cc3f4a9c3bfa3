-- Gated pages (issue 5 item 5; spec part 3 §2, §7). A gallery has up to two gates:
-- 'pgdata' guards the page itself (pagedata, desc, sub-pages and the photos), the
-- spec's /api/v2/gallerypgdata/permisson/… calls; 'watermark' guards the photos only
-- (list, batch, size, image bytes, archives), the spec's /api/v2/gallery/watermark/…
-- calls. galleries.access_type mirrors the strictest gate for the client's cards.
CREATE TABLE gallery_gates (
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('watermark', 'pgdata')),
  access_type text NOT NULL CHECK (access_type IN ('free', 'password', 'phone')),
  -- scrypt(password, salt), hex; the salt is per gallery gate (hex). Null unless password.
  password_hash text,
  password_salt text,
  -- Phones allowed through a phone gate; empty means any phone that receives the code.
  phone_whitelist text[] NOT NULL DEFAULT '{}',
  updated_at bigint NOT NULL,
  PRIMARY KEY (gallery_id, kind)
);

-- A visitor (session user, guests included) who passed a gate.
CREATE TABLE gate_passes (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('watermark', 'pgdata')),
  expires_at bigint NOT NULL,
  PRIMARY KEY (user_id, gallery_id, kind)
);
CREATE INDEX gate_passes_expiry ON gate_passes(expires_at);

-- SMS codes for phone gates: only an HMAC of the code is kept. A code lives 5 minutes
-- and is void after 5 wrong tries or one use.
CREATE TABLE sms_codes (
  id serial PRIMARY KEY,
  phone text NOT NULL,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at bigint NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  used boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
CREATE INDEX sms_codes_phone ON sms_codes(phone, id DESC);
