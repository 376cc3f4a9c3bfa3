-- A gallery's cover follows its first visible photo until the organiser sets one
-- (issue 12: new galleries start with a sensible page). Galleries without a cover
-- so far get one from their next photo change.
ALTER TABLE galleries ADD COLUMN cover_auto boolean NOT NULL DEFAULT false;
UPDATE galleries SET cover_auto = true WHERE cover IS NULL OR cover = '';
