-- +goose Up
-- Pictures are named by the SHA-256 (hex) of the uploaded file; the WebP
-- variants live in the media store under that name (server/images).
-- doctors.photo and clinics.photos (the gallery) already exist and take
-- the same names.
ALTER TABLE clinics    ADD COLUMN logo  text CHECK (logo  ~ '^[0-9a-f]{64}$');
ALTER TABLE promotions ADD COLUMN image text CHECK (image ~ '^[0-9a-f]{64}$');
ALTER TABLE posts      ADD COLUMN cover text CHECK (cover ~ '^[0-9a-f]{64}$');
ALTER TABLE products   ADD COLUMN image text CHECK (image ~ '^[0-9a-f]{64}$');

-- +goose Down
ALTER TABLE products   DROP COLUMN image;
ALTER TABLE posts      DROP COLUMN cover;
ALTER TABLE promotions DROP COLUMN image;
ALTER TABLE clinics    DROP COLUMN logo;
