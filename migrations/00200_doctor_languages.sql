-- +goose Up
-- The languages a doctor sees patients in (issue 30, the listings'
-- "speaks" filter): ru, uz, en. Gender was already there (00005).
ALTER TABLE doctors ADD COLUMN languages text[] NOT NULL DEFAULT '{ru,uz}'
    CHECK (cardinality(languages) > 0 AND languages <@ '{ru,uz,en}'::text[]);

-- +goose Down
ALTER TABLE doctors DROP COLUMN languages;
