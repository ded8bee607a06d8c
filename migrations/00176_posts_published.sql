-- +goose Up
-- An article or news item an editor creates stays hidden from visitors,
-- listings and the sitemap until its first publication.
ALTER TABLE posts ADD COLUMN published boolean NOT NULL DEFAULT true;

-- +goose Down
ALTER TABLE posts DROP COLUMN published;
