-- +goose Up
-- A region's clinics in ?sort=popular order (catalog.SortPopular), as
-- clinics_region_rating_idx serves the default order: a listing page reads
-- its 20 rows instead of sorting the region.
CREATE INDEX clinics_region_popularity_idx ON clinics (region_id, popularity DESC, rating DESC, id);

-- +goose Down
DROP INDEX clinics_region_popularity_idx;
