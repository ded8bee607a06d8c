-- +goose Up
-- SEO redirects: an old URL path (as requested, with its language and
-- region prefix, without a trailing slash) and where it moved. Chains are
-- resolved when the table is read, so a visitor takes one hop.
CREATE TABLE seo_redirects (
    source     text PRIMARY KEY CHECK (source LIKE '/%'),
    target     text NOT NULL CHECK (target LIKE '/%'),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (source <> target)
);

-- +goose Down
DROP TABLE seo_redirects;
