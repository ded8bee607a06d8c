-- +goose Up
-- The clinic listings of a region in each of their orders (rating, name in
-- either language), so a page is an index range scan cut by LIMIT, and by
-- type for the /kliniki/tip-{type} pages.
CREATE INDEX clinics_region_rating_idx ON clinics (region_id, rating DESC, review_count DESC, id);
CREATE INDEX clinics_region_name_ru_idx ON clinics (region_id, name_ru COLLATE "C", id);
CREATE INDEX clinics_region_name_uz_idx ON clinics (region_id, name_uz COLLATE "C", id);
CREATE INDEX clinics_region_type_idx ON clinics (region_id, type_id);

-- +goose Down
DROP INDEX clinics_region_type_idx;
DROP INDEX clinics_region_name_uz_idx;
DROP INDEX clinics_region_name_ru_idx;
DROP INDEX clinics_region_rating_idx;
