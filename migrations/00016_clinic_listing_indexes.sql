-- +goose Up
-- The clinic listings of a region in rating and name order, and by type.
CREATE INDEX clinics_region_rating_idx ON clinics (region_id, rating DESC, id);
CREATE INDEX clinics_region_type_idx ON clinics (region_id, type_id);

-- +goose Down
DROP INDEX clinics_region_type_idx;
DROP INDEX clinics_region_rating_idx;
