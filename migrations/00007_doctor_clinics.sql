-- +goose Up
-- Where a doctor receives patients, and the price of a visit there in so'm.
CREATE TABLE doctor_clinics (
    doctor_id bigint NOT NULL REFERENCES doctors (id) ON DELETE CASCADE,
    clinic_id bigint NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
    price     int    NOT NULL CHECK (price >= 0),
    PRIMARY KEY (doctor_id, clinic_id)
);

-- Doctors of a clinic, and the district filter of doctor listings.
CREATE INDEX doctor_clinics_clinic_idx ON doctor_clinics (clinic_id, doctor_id);

-- +goose Down
DROP TABLE doctor_clinics;
