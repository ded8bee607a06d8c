-- +goose Up
-- The saved relative a visit is for (NULL: the patient themselves, or a
-- relative typed in by name). The visit keeps its own copy of the name and
-- birth date (patient_name, patient_birth_date, patient_key), so deleting
-- or editing the relative never rewrites a visit's history: the link is
-- only cleared.
ALTER TABLE appointments ADD COLUMN relative_id bigint REFERENCES relatives (id) ON DELETE SET NULL;
CREATE INDEX appointments_relative ON appointments (relative_id) WHERE relative_id IS NOT NULL;

-- +goose Down
DROP INDEX appointments_relative;
ALTER TABLE appointments DROP COLUMN relative_id;
