-- +goose Up
-- A clinic's working hours as minutes of the week (Monday 00:00 is 0,
-- Sunday 24:00 is 10080), derived from clinic_hours, so that "open now"
-- is a containment test on the row instead of a lookup per clinic.
-- Triggers keep it in step with every statement writing clinic_hours
-- (COPY included); clinic_offers carries it to the priced listings.
ALTER TABLE clinics ADD COLUMN open_week int4multirange NOT NULL DEFAULT '{}';

-- +goose StatementBegin
CREATE FUNCTION clinic_open_week(clinic bigint) RETURNS int4multirange
LANGUAGE sql STABLE AS $$
    SELECT coalesce(range_agg(int4range((weekday - 1) * 1440 + opens_min, (weekday - 1) * 1440 + closes_min)), '{}')
    FROM clinic_hours
    WHERE clinic_id = clinic
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION clinic_hours_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE clinics c SET open_week = clinic_open_week(c.id)
        WHERE c.id IN (SELECT clinic_id FROM new_rows);
    ELSIF TG_OP = 'UPDATE' THEN
        UPDATE clinics c SET open_week = clinic_open_week(c.id)
        WHERE c.id IN (SELECT clinic_id FROM new_rows UNION SELECT clinic_id FROM old_rows);
    ELSE
        UPDATE clinics c SET open_week = clinic_open_week(c.id)
        WHERE c.id IN (SELECT clinic_id FROM old_rows);
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER clinic_hours_inserted AFTER INSERT ON clinic_hours
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clinic_hours_changed();
CREATE TRIGGER clinic_hours_updated AFTER UPDATE ON clinic_hours
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clinic_hours_changed();
CREATE TRIGGER clinic_hours_deleted AFTER DELETE ON clinic_hours
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clinic_hours_changed();

-- +goose Down
DROP TRIGGER clinic_hours_deleted ON clinic_hours;
DROP TRIGGER clinic_hours_updated ON clinic_hours;
DROP TRIGGER clinic_hours_inserted ON clinic_hours;
DROP FUNCTION clinic_hours_changed();
DROP FUNCTION clinic_open_week(bigint);
ALTER TABLE clinics DROP COLUMN open_week;
