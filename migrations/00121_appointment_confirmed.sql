-- +goose Up
-- When the clinic's desk confirmed a booked visit (NULL: not yet).
ALTER TABLE appointments ADD COLUMN confirmed_at timestamptz;

-- +goose Down
ALTER TABLE appointments DROP COLUMN confirmed_at;
