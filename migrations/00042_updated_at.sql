-- +goose Up
-- When a row last changed: the sitemaps' lastmod.
ALTER TABLE doctors ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE specialties ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- +goose Down
ALTER TABLE specialties DROP COLUMN updated_at;
ALTER TABLE doctors DROP COLUMN updated_at;
