-- +goose Up
-- Searches asked on the results page (package analytics): the dashboard
-- lists the most frequent ones without results, so editors know which
-- synonyms to add. Rows older than the retention are deleted daily.
CREATE TABLE searches (
    at        timestamptz NOT NULL,
    query     text   NOT NULL CHECK (length(query) <= 200),
    lang      text   NOT NULL,
    region_id bigint,
    results   int    NOT NULL
);
CREATE INDEX searches_at ON searches USING brin (at);

-- +goose Down
DROP TABLE searches;
