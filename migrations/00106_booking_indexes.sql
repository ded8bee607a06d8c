-- +goose Up
-- Free times read many doctors at once (doctor_id = ANY(...)), which the
-- GiST indexes of the exclusion constraints serve poorly: B-trees for the
-- schedules of a doctor and for a doctor's live appointments by start.
CREATE INDEX schedules_doctor ON schedules (doctor_id);
CREATE INDEX appointments_doctor_start ON appointments (doctor_id, lower(during)) WHERE live;

-- +goose Down
DROP INDEX appointments_doctor_start;
DROP INDEX schedules_doctor;
