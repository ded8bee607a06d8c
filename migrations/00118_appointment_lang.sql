-- +goose Up
-- The language the patient booked in: every SMS about the visit (the
-- confirmation, the reminders, a cancellation) is written in it.
ALTER TABLE appointments ADD COLUMN lang text NOT NULL DEFAULT 'ru' CHECK (lang IN ('ru', 'uz'));

-- +goose Down
ALTER TABLE appointments DROP COLUMN lang;
