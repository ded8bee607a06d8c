-- +goose Up
-- Trigram similarity for search: fuzzy matches on the normalised search keys.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- +goose Down
DROP EXTENSION IF EXISTS pg_trgm;
