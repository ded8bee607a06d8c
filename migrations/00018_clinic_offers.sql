-- +goose Up
-- The listings' source: a row per clinic and priced service, and per
-- clinic and service category (its lowest and highest price over the
-- category's items), with the clinic columns listings filter and sort on.
-- Rows are written in (service_id, region_id) order, so one listing reads
-- adjacent pages. It is derived data: whoever changes prices or clinics
-- refreshes it (REFRESH MATERIALIZED VIEW CONCURRENTLY clinic_offers); so
-- far that is the seeder.
CREATE MATERIALIZED VIEW clinic_offers AS
SELECT o.service_id, c.region_id, o.clinic_id, o.price_from, o.price_to,
    c.district_id, c.type_id, c.is_state, c.rating, c.review_count, c.name_ru, c.name_uz, c.open_week
FROM (
    SELECT service_id, clinic_id, price_from, price_to
    FROM clinic_services
    UNION ALL
    SELECT s.parent_id, cs.clinic_id, min(cs.price_from),
        nullif(max(coalesce(cs.price_to, cs.price_from)), min(cs.price_from))
    FROM clinic_services cs
    JOIN services s ON s.id = cs.service_id
    WHERE s.parent_id IS NOT NULL
    GROUP BY s.parent_id, cs.clinic_id
) o
JOIN clinics c ON c.id = o.clinic_id
ORDER BY o.service_id, c.region_id, o.price_from, o.clinic_id;

-- CONCURRENTLY needs a unique index.
CREATE UNIQUE INDEX clinic_offers_key ON clinic_offers (service_id, clinic_id);
-- A service's clinics of a region in price order (the default order of a
-- priced listing), and in rating order.
CREATE INDEX clinic_offers_price_idx ON clinic_offers (service_id, region_id, price_from, rating DESC, clinic_id);
CREATE INDEX clinic_offers_rating_idx ON clinic_offers (service_id, region_id, rating DESC, review_count DESC, clinic_id);

-- +goose Down
DROP MATERIALIZED VIEW clinic_offers;
