-- +goose Up
-- The client's key of a hold request (POST /api/bookings/holds
-- idempotencyKey): a request sent again after a lost answer finds its hold
-- by it, as a signed-in patient's does by user_id (booking.Store.Hold).
ALTER TABLE appointments ADD COLUMN hold_request_key uuid;
CREATE INDEX appointments_hold_request_key ON appointments (hold_request_key) WHERE hold_request_key IS NOT NULL;

-- +goose Down
DROP INDEX appointments_hold_request_key;
ALTER TABLE appointments DROP COLUMN hold_request_key;
