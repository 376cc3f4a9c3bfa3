-- Long pictures (issue 16 item 4): POST /api/v2/usersplice/create draws the splice on the
-- server. A row now names the stored JPEG (content hash, under splices/ in the object
-- store) and its size; rows recorded before (drawn on the device) keep hash NULL.
-- unmarked_ids: photos drawn without the gallery's watermark because the maker was
-- entitled to them; the picture is served only while the maker still is.
ALTER TABLE user_splices ADD COLUMN hash text;
ALTER TABLE user_splices ADD COLUMN width integer NOT NULL DEFAULT 0;
ALTER TABLE user_splices ADD COLUMN height integer NOT NULL DEFAULT 0;
ALTER TABLE user_splices ADD COLUMN unmarked_ids integer[] NOT NULL DEFAULT '{}';
-- One row per maker and picture: making the same long picture again refreshes its time.
CREATE UNIQUE INDEX user_splices_user_hash ON user_splices(user_id, hash) WHERE hash IS NOT NULL;
