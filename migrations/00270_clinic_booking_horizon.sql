-- +goose Up
-- How far ahead a clinic takes bookings, in days from today (Tashkent),
-- today included (issue 30): the desk sets it, from 1 to
-- bookingHorizonDaysMax (90, shared/limits.json). A clinic without a row
-- keeps booking.DefaultHorizonDays (30, the issue's default; every clinic
-- had 14 before).
ALTER TABLE clinic_booking_rules
    ADD COLUMN horizon_days int NOT NULL DEFAULT 30 CHECK (horizon_days BETWEEN 1 AND 90);

-- +goose Down
ALTER TABLE clinic_booking_rules DROP COLUMN horizon_days;
