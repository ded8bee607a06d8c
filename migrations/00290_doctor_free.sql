-- +goose Up
-- The listings' "earliest free" sort and "free today/tomorrow/this week"
-- filters need every matching doctor's free times: on a listing of 1,000
-- doctors, reading and walking 30 days of schedules took 50-100 ms. A
-- doctor's free times change only when something he is booked by or works
-- to is written, or when time passes; doctor_free keeps what booking last
-- computed (server/booking/freesummary.go) and doctor_free_gen counts the
-- writes, bumped by the triggers below in the writer's own transaction, so
-- no code path can forget to. A summary counts only while its gen is the
-- doctor's gen: a reader reads the gen before the schedules, so a write
-- that commits while it computes leaves its summary behind.
--
-- Readers write only doctor_free and writers only doctor_free_gen: a
-- listing never waits on a booking's row lock, nor a booking on a listing.
-- Both are UNLOGGED (a cache: a crash empties both, and the next listing
-- computes again) and have no foreign keys (a key would lock the doctor's
-- row on every booking; a deleted doctor's rows are never read).
CREATE UNLOGGED TABLE doctor_free_gen (
    doctor_id bigint PRIMARY KEY,
    gen bigint NOT NULL
);

CREATE UNLOGGED TABLE doctor_free (
    doctor_id bigint PRIMARY KEY,
    gen bigint NOT NULL,
    -- The summary holds from valid_from until stale_at: the first free
    -- time at a clinic passing its notice, a counted hold expiring or the
    -- Tashkent midnight, whichever comes first.
    valid_from timestamptz NOT NULL,
    stale_at timestamptz NOT NULL,
    first_free timestamptz,
    -- booking.Days: bit i of the two words is the Tashkent date of
    -- valid_from plus i days.
    days0 bigint NOT NULL,
    days1 bigint NOT NULL
);

-- bump_doctor_free bumps the gen of each doctor of doctors, in id order
-- (two writers bumping several doctors take their locks in one order).
-- +goose StatementBegin
CREATE FUNCTION bump_doctor_free(doctors bigint[]) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO doctor_free_gen AS g (doctor_id, gen)
    SELECT d, 1
    FROM (SELECT DISTINCT d FROM unnest(doctors) d WHERE d IS NOT NULL) x
    ORDER BY d
    ON CONFLICT (doctor_id) DO UPDATE SET gen = g.gen + 1
$$;
-- +goose StatementEnd

-- doctor_free_changed bumps the doctors whose free times the statement's
-- rows change, by the table's kind (the trigger's argument): 'doctor' rows
-- name their doctor; 'appointment' is an update of appointments, which
-- counts only where it changes what free times read (a reminder's flag or
-- a confirmation does not); 'exception' rows name one, or none for the whole
-- clinic; 'clinic' rows (the booking rules) change every doctor of their
-- clinic. Statement triggers with transition tables: the seed's and the
-- desk's many-row statements bump each doctor once.
-- +goose StatementBegin
CREATE FUNCTION doctor_free_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    changed bigint[] := '{}';
BEGIN
    IF TG_ARGV[0] = 'doctor' THEN
        IF TG_OP <> 'DELETE' THEN
            changed := changed || ARRAY(SELECT doctor_id FROM new_rows);
        END IF;
        IF TG_OP <> 'INSERT' THEN
            changed := changed || ARRAY(SELECT doctor_id FROM old_rows);
        END IF;
    ELSIF TG_ARGV[0] = 'appointment' THEN
        changed := ARRAY(
            SELECT d
            FROM new_rows n
            JOIN old_rows o ON o.id = n.id,
            LATERAL (VALUES (n.doctor_id), (o.doctor_id)) AS x(d)
            WHERE (n.doctor_id, n.during, n.status, n.expires_at)
                  IS DISTINCT FROM (o.doctor_id, o.during, o.status, o.expires_at));
    ELSIF TG_ARGV[0] = 'exception' THEN
        IF TG_OP <> 'DELETE' THEN
            changed := changed || ARRAY(
                SELECT coalesce(nullif(r.doctor_id, 0), dc.doctor_id)
                FROM new_rows r
                LEFT JOIN doctor_clinics dc ON coalesce(r.doctor_id, 0) = 0 AND dc.clinic_id = r.clinic_id);
        END IF;
        IF TG_OP <> 'INSERT' THEN
            changed := changed || ARRAY(
                SELECT coalesce(nullif(r.doctor_id, 0), dc.doctor_id)
                FROM old_rows r
                LEFT JOIN doctor_clinics dc ON coalesce(r.doctor_id, 0) = 0 AND dc.clinic_id = r.clinic_id);
        END IF;
    ELSE
        IF TG_OP <> 'DELETE' THEN
            changed := changed || ARRAY(
                SELECT dc.doctor_id FROM new_rows r JOIN doctor_clinics dc ON dc.clinic_id = r.clinic_id);
        END IF;
        IF TG_OP <> 'INSERT' THEN
            changed := changed || ARRAY(
                SELECT dc.doctor_id FROM old_rows r JOIN doctor_clinics dc ON dc.clinic_id = r.clinic_id);
        END IF;
    END IF;
    PERFORM bump_doctor_free(changed);
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- doctor_free_emptied forgets every summary when a table they were
-- computed from is truncated.
-- +goose StatementBegin
CREATE FUNCTION doctor_free_emptied() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM doctor_free;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

-- A trigger with transition tables takes one event and no column list,
-- so each table has three, and one for TRUNCATE.
CREATE TRIGGER appointments_free_ins AFTER INSERT ON appointments
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER appointments_free_upd AFTER UPDATE ON appointments
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('appointment');
CREATE TRIGGER appointments_free_del AFTER DELETE ON appointments
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER appointments_free_trunc AFTER TRUNCATE ON appointments
    FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_emptied();

CREATE TRIGGER schedule_blocks_free_ins AFTER INSERT ON schedule_blocks
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER schedule_blocks_free_upd AFTER UPDATE ON schedule_blocks
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER schedule_blocks_free_del AFTER DELETE ON schedule_blocks
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER schedule_blocks_free_trunc AFTER TRUNCATE ON schedule_blocks
    FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_emptied();

CREATE TRIGGER schedules_free_ins AFTER INSERT ON schedules
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER schedules_free_upd AFTER UPDATE ON schedules
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER schedules_free_del AFTER DELETE ON schedules
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER schedules_free_trunc AFTER TRUNCATE ON schedules
    FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_emptied();

CREATE TRIGGER doctor_clinics_free_ins AFTER INSERT ON doctor_clinics
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER doctor_clinics_free_upd AFTER UPDATE ON doctor_clinics
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER doctor_clinics_free_del AFTER DELETE ON doctor_clinics
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('doctor');
CREATE TRIGGER doctor_clinics_free_trunc AFTER TRUNCATE ON doctor_clinics
    FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_emptied();

CREATE TRIGGER schedule_exceptions_free_ins AFTER INSERT ON schedule_exceptions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('exception');
CREATE TRIGGER schedule_exceptions_free_upd AFTER UPDATE ON schedule_exceptions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('exception');
CREATE TRIGGER schedule_exceptions_free_del AFTER DELETE ON schedule_exceptions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('exception');
CREATE TRIGGER schedule_exceptions_free_trunc AFTER TRUNCATE ON schedule_exceptions
    FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_emptied();

CREATE TRIGGER clinic_booking_rules_free_ins AFTER INSERT ON clinic_booking_rules
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('clinic');
CREATE TRIGGER clinic_booking_rules_free_upd AFTER UPDATE ON clinic_booking_rules
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('clinic');
CREATE TRIGGER clinic_booking_rules_free_del AFTER DELETE ON clinic_booking_rules
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_changed('clinic');
CREATE TRIGGER clinic_booking_rules_free_trunc AFTER TRUNCATE ON clinic_booking_rules
    FOR EACH STATEMENT EXECUTE FUNCTION doctor_free_emptied();

-- +goose Down
DROP TRIGGER clinic_booking_rules_free_trunc ON clinic_booking_rules;
DROP TRIGGER clinic_booking_rules_free_del ON clinic_booking_rules;
DROP TRIGGER clinic_booking_rules_free_upd ON clinic_booking_rules;
DROP TRIGGER clinic_booking_rules_free_ins ON clinic_booking_rules;
DROP TRIGGER schedule_exceptions_free_trunc ON schedule_exceptions;
DROP TRIGGER schedule_exceptions_free_del ON schedule_exceptions;
DROP TRIGGER schedule_exceptions_free_upd ON schedule_exceptions;
DROP TRIGGER schedule_exceptions_free_ins ON schedule_exceptions;
DROP TRIGGER doctor_clinics_free_trunc ON doctor_clinics;
DROP TRIGGER doctor_clinics_free_del ON doctor_clinics;
DROP TRIGGER doctor_clinics_free_upd ON doctor_clinics;
DROP TRIGGER doctor_clinics_free_ins ON doctor_clinics;
DROP TRIGGER schedules_free_trunc ON schedules;
DROP TRIGGER schedules_free_del ON schedules;
DROP TRIGGER schedules_free_upd ON schedules;
DROP TRIGGER schedules_free_ins ON schedules;
DROP TRIGGER schedule_blocks_free_trunc ON schedule_blocks;
DROP TRIGGER schedule_blocks_free_del ON schedule_blocks;
DROP TRIGGER schedule_blocks_free_upd ON schedule_blocks;
DROP TRIGGER schedule_blocks_free_ins ON schedule_blocks;
DROP TRIGGER appointments_free_trunc ON appointments;
DROP TRIGGER appointments_free_del ON appointments;
DROP TRIGGER appointments_free_upd ON appointments;
DROP TRIGGER appointments_free_ins ON appointments;
DROP FUNCTION doctor_free_emptied();
DROP FUNCTION doctor_free_changed();
DROP FUNCTION bump_doctor_free(bigint[]);
DROP TABLE doctor_free;
DROP TABLE doctor_free_gen;
