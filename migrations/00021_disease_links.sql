-- +goose Up
-- Which symptoms a disease shows (many-to-many) and which specialties treat it.
CREATE TABLE disease_symptoms (
    disease_id bigint NOT NULL REFERENCES diseases (id) ON DELETE CASCADE,
    symptom_id bigint NOT NULL REFERENCES symptoms (id) ON DELETE CASCADE,
    PRIMARY KEY (disease_id, symptom_id)
);
CREATE INDEX disease_symptoms_symptom_id_idx ON disease_symptoms (symptom_id);

CREATE TABLE disease_specialties (
    disease_id   bigint NOT NULL REFERENCES diseases (id) ON DELETE CASCADE,
    specialty_id bigint NOT NULL REFERENCES specialties (id) ON DELETE CASCADE,
    PRIMARY KEY (disease_id, specialty_id)
);
CREATE INDEX disease_specialties_specialty_id_idx ON disease_specialties (specialty_id);

-- +goose Down
DROP TABLE disease_specialties;
DROP TABLE disease_symptoms;
