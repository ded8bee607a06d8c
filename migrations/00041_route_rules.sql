-- +goose Up
-- Route rules (spec §4 check 6): configured redirects for legacy paths,
-- applied after the other checks. Same shape and rules as seo_redirects.
CREATE TABLE route_rules (
    source     text PRIMARY KEY CHECK (source LIKE '/%'),
    target     text NOT NULL CHECK (target LIKE '/%'),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (source <> target)
);

-- +goose Down
DROP TABLE route_rules;
