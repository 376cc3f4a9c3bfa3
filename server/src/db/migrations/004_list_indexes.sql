-- Photo lists filtered by tag, in shoot-time or like order: the tags ride along in
-- the index (INCLUDE), so the filter is checked without visiting the table and a
-- page (offset or keyset) is an index-only scan in list order.
CREATE INDEX photos_by_shoottime_tags ON photos(gallery_id, shoottime, id) INCLUDE (tags) WHERE NOT hidden;
CREATE INDEX photos_by_love_tags ON photos(gallery_id, love, id) INCLUDE (tags) WHERE NOT hidden;
