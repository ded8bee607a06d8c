-- +goose Up
-- A hold is extended once, when its patient signs in (issue 30): the SMS
-- code takes its minutes, and the time should not run out meanwhile.
ALTER TABLE appointments ADD COLUMN hold_extended boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE appointments DROP COLUMN hold_extended;
