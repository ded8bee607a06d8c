-- +goose Up
-- Working hours per weekday (1 Monday .. 7 Sunday, ISO), in minutes after
-- midnight Tashkent time; closes_min 1440 is midnight, so 0-1440 is round
-- the clock. A weekday without a row is a day off.
CREATE TABLE clinic_hours (
    clinic_id  bigint   NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
    weekday    smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
    opens_min  smallint NOT NULL CHECK (opens_min BETWEEN 0 AND 1439),
    closes_min smallint NOT NULL CHECK (closes_min BETWEEN 1 AND 1440),
    PRIMARY KEY (clinic_id, weekday),
    CHECK (opens_min < closes_min)
);

-- +goose Down
DROP TABLE clinic_hours;
