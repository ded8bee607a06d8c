-- +goose Up
-- What a clinic card shows beyond the minimal clinic of 00004. parent_id
-- points at the head clinic of a network: a network's branches are the
-- clinics sharing coalesce(parent_id, id).
ALTER TABLE clinics
    ADD COLUMN type_id        bigint REFERENCES clinic_types (id),
    ADD COLUMN landmark_ru    text    NOT NULL DEFAULT '',
    ADD COLUMN landmark_uz    text    NOT NULL DEFAULT '',
    ADD COLUMN latitude       numeric(9,6),
    ADD COLUMN longitude      numeric(9,6),
    ADD COLUMN phones         text[]  NOT NULL DEFAULT '{}',
    ADD COLUMN photos         text[]  NOT NULL DEFAULT '{}',
    ADD COLUMN description_ru text    NOT NULL DEFAULT '',
    ADD COLUMN description_uz text    NOT NULL DEFAULT '',
    ADD COLUMN review_count   int     NOT NULL DEFAULT 0,
    ADD COLUMN parent_id      bigint  REFERENCES clinics (id);

-- +goose Down
ALTER TABLE clinics
    DROP COLUMN type_id,
    DROP COLUMN landmark_ru,
    DROP COLUMN landmark_uz,
    DROP COLUMN latitude,
    DROP COLUMN longitude,
    DROP COLUMN phones,
    DROP COLUMN photos,
    DROP COLUMN description_ru,
    DROP COLUMN description_uz,
    DROP COLUMN review_count,
    DROP COLUMN parent_id;
