-- +goose Up
-- A priced listing reads its price range (lowest price_from, highest
-- price_to) in the scan that counts it; with price_to in the price index
-- that scan stays index-only instead of visiting every matching row.
DROP INDEX clinic_offers_price_idx;
CREATE INDEX clinic_offers_price_idx ON clinic_offers (service_id, region_id, price_from, rating DESC, clinic_id) INCLUDE (price_to);

-- +goose Down
DROP INDEX clinic_offers_price_idx;
CREATE INDEX clinic_offers_price_idx ON clinic_offers (service_id, region_id, price_from, rating DESC, clinic_id);
