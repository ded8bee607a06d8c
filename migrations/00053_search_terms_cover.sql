-- +goose Up
-- The suggestion query ranks prefix matches on these columns alone: an
-- index-only scan of the key range, the display columns read for the few
-- rows shown.
CREATE INDEX search_terms_key_rank_idx ON search_terms (key)
    INCLUDE (entity_type, entity_id, whole, region_id, popularity);

-- +goose Down
DROP INDEX search_terms_key_rank_idx;
