-- +goose Up
-- The measured popularity of clinics, specialties and services (doctors
-- have had one since 00005): recomputed from the last 30 days of
-- analytic_events by analytics.Recompute.
ALTER TABLE clinics ADD COLUMN popularity int NOT NULL DEFAULT 0;
ALTER TABLE specialties ADD COLUMN popularity int NOT NULL DEFAULT 0;
ALTER TABLE services ADD COLUMN popularity int NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE services DROP COLUMN popularity;
ALTER TABLE specialties DROP COLUMN popularity;
ALTER TABLE clinics DROP COLUMN popularity;
