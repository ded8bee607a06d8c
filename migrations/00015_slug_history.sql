-- +goose Up
-- Former slugs of every slugged entity (clinic, doctor, specialty, service,
-- diagnostic, analysis, clinic_profile), for the slug-redirect check: a
-- request for an old slug is sent to the entity's current one.
CREATE TABLE slug_history (
    entity     text        NOT NULL,
    old_slug   text        NOT NULL,
    entity_id  bigint      NOT NULL,
    changed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (entity, old_slug)
);

-- +goose Down
DROP TABLE slug_history;
