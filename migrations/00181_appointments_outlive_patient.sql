-- +goose Up
-- A patient who deletes their account leaves their visits behind without
-- them (booking.Store.ForgetPatient): upcoming ones cancelled as a visit is
-- cancelled, every one stripped of the patient's name, birth date, reason
-- and user, so the clinic keeps its record of the time and nothing of the
-- person. Only an ended visit (or a booked one already begun) may have no
-- user; the deletion cancels the upcoming ones first.
ALTER TABLE appointments
    DROP CONSTRAINT appointments_user_id_fkey,
    ADD CONSTRAINT appointments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL,
    DROP CONSTRAINT appointments_check,
    ADD CONSTRAINT appointments_check CHECK (status IN ('held', 'released', 'expired')
        OR (price IS NOT NULL AND booked_at IS NOT NULL AND (user_id IS NULL OR patient_key IS NOT NULL)));

-- +goose Down
DELETE FROM appointments
WHERE user_id IS NULL
  AND status NOT IN ('held', 'released', 'expired');
ALTER TABLE appointments
    DROP CONSTRAINT appointments_check,
    ADD CONSTRAINT appointments_check CHECK (status IN ('held', 'released', 'expired')
        OR (user_id IS NOT NULL AND patient_key IS NOT NULL AND price IS NOT NULL AND booked_at IS NOT NULL)),
    DROP CONSTRAINT appointments_user_id_fkey,
    ADD CONSTRAINT appointments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
