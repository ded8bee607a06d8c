-- +goose Up
-- btree_gist lets one GiST exclusion constraint compare a doctor id with =
-- and a time range with &&: the database itself refuses a double booking.
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- +goose Down
DROP EXTENSION IF EXISTS btree_gist;
