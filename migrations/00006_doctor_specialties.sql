-- +goose Up
CREATE TABLE doctor_specialties (
    doctor_id    bigint NOT NULL REFERENCES doctors (id) ON DELETE CASCADE,
    specialty_id bigint NOT NULL REFERENCES specialties (id) ON DELETE CASCADE,
    PRIMARY KEY (doctor_id, specialty_id)
);

-- Listing by specialty starts here; the primary key serves the card lookups.
CREATE INDEX doctor_specialties_specialty_idx
    ON doctor_specialties (specialty_id, doctor_id);

-- +goose Down
DROP TABLE doctor_specialties;
