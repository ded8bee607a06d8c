-- +goose Up
-- New or returning patient (issue 30), asked once per patient and doctor:
-- the answer of a user for one of the people they book for (patient_key,
-- as appointments.patient_key) about one doctor. Each booking keeps the
-- answer it was made with (appointments.returning_patient, NULL: not
-- asked), so the desk shows it beside the visit. (RETURNING is a reserved
-- word, hence the columns' names.)
CREATE TABLE returning_patients (
    user_id      bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    patient_key  text    NOT NULL,
    doctor_id    bigint  NOT NULL REFERENCES doctors (id) ON DELETE CASCADE,
    is_returning boolean NOT NULL,
    answered_at  timestamptz NOT NULL,
    PRIMARY KEY (user_id, doctor_id, patient_key)
);
ALTER TABLE appointments ADD COLUMN returning_patient boolean;

-- +goose Down
ALTER TABLE appointments DROP COLUMN returning_patient;
DROP TABLE returning_patients;
