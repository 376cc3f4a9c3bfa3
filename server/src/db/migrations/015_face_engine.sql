-- The face engine's version (server/src/face/engine.ts FACE_ENGINE_VERSION) on everything
-- that holds an embedding: embeddings of two engine versions are not comparable. Rows from
-- before this migration were made by the first engine (1).
-- face_jobs: the version a photo was indexed with; the indexer queues a done or failed
-- job of another version again, and the re-index replaces the photo's faces (a new face
-- on the spot of an old one keeps its person). faces / persons: the version of the
-- embedding and of the centroid (a person's centroid restarts from its first face of the
-- current version); searches compare only faces of the engine's version.
-- face_profiles: a visitor's face of an older engine no longer matches (they take a new one).
ALTER TABLE face_jobs ADD COLUMN engine_version integer NOT NULL DEFAULT 1;
ALTER TABLE faces ADD COLUMN engine_version integer NOT NULL DEFAULT 1;
ALTER TABLE persons ADD COLUMN engine_version integer NOT NULL DEFAULT 1;
ALTER TABLE face_profiles ADD COLUMN engine_version integer NOT NULL DEFAULT 1;
