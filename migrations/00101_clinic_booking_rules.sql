-- +goose Up
-- A clinic's booking rules. A clinic without a row uses the defaults
-- (booking.DefaultLead, booking.DefaultCancelCutoff): a visit is booked at
-- least lead_min minutes ahead and cancelled up to cancel_cutoff_min
-- minutes before it starts.
CREATE TABLE clinic_booking_rules (
    clinic_id         bigint PRIMARY KEY REFERENCES clinics (id) ON DELETE CASCADE,
    lead_min          int NOT NULL DEFAULT 60 CHECK (lead_min BETWEEN 0 AND 10080),
    cancel_cutoff_min int NOT NULL DEFAULT 120 CHECK (cancel_cutoff_min BETWEEN 0 AND 10080)
);

-- +goose Down
DROP TABLE clinic_booking_rules;
