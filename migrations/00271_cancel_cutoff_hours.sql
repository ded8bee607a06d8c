-- +goose Up
-- The cancel cut-off in whole hours, as the desk sets it and the patient
-- reads it ("не позднее чем за 2 ч до приёма"), at most
-- cancelCutoffHoursMax (72, shared/limits.json). A rule in minutes is
-- rounded up to the hour, so no patient may cancel later than before.
ALTER TABLE clinic_booking_rules
    ADD COLUMN cancel_cutoff_hours int NOT NULL DEFAULT 2 CHECK (cancel_cutoff_hours BETWEEN 0 AND 72);
UPDATE clinic_booking_rules
SET cancel_cutoff_hours = least(72, ceil(cancel_cutoff_min / 60.0)::int);
ALTER TABLE clinic_booking_rules DROP COLUMN cancel_cutoff_min;

-- +goose Down
ALTER TABLE clinic_booking_rules
    ADD COLUMN cancel_cutoff_min int NOT NULL DEFAULT 120 CHECK (cancel_cutoff_min BETWEEN 0 AND 10080);
UPDATE clinic_booking_rules
SET cancel_cutoff_min = cancel_cutoff_hours * 60;
ALTER TABLE clinic_booking_rules DROP COLUMN cancel_cutoff_hours;
