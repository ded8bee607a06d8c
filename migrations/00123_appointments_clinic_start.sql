-- +goose Up
-- The clinic desk's day view reads a clinic's visits by start time.
CREATE INDEX appointments_clinic_start ON appointments (clinic_id, lower(during)) WHERE status IN ('booked', 'attended', 'no_show', 'cancelled');

-- +goose Down
DROP INDEX appointments_clinic_start;
