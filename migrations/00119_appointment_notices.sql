-- +goose Up
-- Each SMS notice of a visit that went out, once: a worker inserts the row
-- in the transaction that stays open while it sends, and commits after
-- the gateway said yes. A second job for the same notice (a duplicate, a
-- rescued job, another process) waits on the row's key and then finds it
-- sent. A gateway failure rolls the row back, so the retry may send.
CREATE TABLE appointment_notices (
    appointment_id bigint NOT NULL REFERENCES appointments (id) ON DELETE CASCADE,
    notice         text NOT NULL CHECK (notice IN ('confirmed', 'reminder24', 'reminder2', 'cancelled')),
    job_id         bigint NOT NULL,
    sent_at        timestamptz NOT NULL,
    PRIMARY KEY (appointment_id, notice)
);

-- +goose Down
DROP TABLE appointment_notices;
