-- Trigram matching for the device list's substring search (the GIN indexes of the next migration).
-- pg_trgm is a trusted extension: the database owner may create it without superuser rights.
-- PGlite loads its bundle at start (src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
