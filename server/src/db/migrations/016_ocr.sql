-- Text-in-photo search (issue 14, formocr): what OCR read in a photo, as normalised words.
--
-- Why a word table and not pg_trgm: racers search for a bib number, which must match whole
-- ("482" must not find 4821, as a trigram or substring match would), and the table works the
-- same on PGlite and on any PostgreSQL without an extension. Words are NFKC, lower case,
-- letters and digits only (services/ocr/words.ts); digit runs inside a word are words too.

-- The indexing queue, as face_jobs (013): one row per photo of a gallery searched by a
-- formocr component; claimed with FOR UPDATE SKIP LOCKED and a lease.
CREATE TABLE ocr_jobs (
  photo_id integer PRIMARY KEY REFERENCES photos(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  lease_until bigint NOT NULL DEFAULT 0,
  lease_token text NOT NULL DEFAULT '',
  -- What the engine read (organiser tools, debugging); the search uses ocr_words.
  text text NOT NULL DEFAULT '',
  error text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  done_at bigint
);
CREATE INDEX ocr_jobs_queued ON ocr_jobs(created_at, photo_id) WHERE state = 'queued';
CREATE INDEX ocr_jobs_gallery ON ocr_jobs(gallery_id, state);

CREATE TABLE ocr_words (
  photo_id integer NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  gallery_id integer NOT NULL REFERENCES galleries(id) ON DELETE CASCADE,
  word text NOT NULL,
  PRIMARY KEY (photo_id, word)
);
-- Exact and prefix look-ups within a gallery (text_pattern_ops: LIKE 'abc%' in any collation).
CREATE INDEX ocr_words_gallery_word ON ocr_words(gallery_id, word text_pattern_ops);
