-- +goose Up
-- A clinic's own website, shown on its card (the "site opened" track
-- event). Only https addresses: the card never links a visitor to a page
-- that can be altered on the way.
ALTER TABLE clinics ADD COLUMN website text
    CHECK (website ~ '^https://[A-Za-z0-9.-]+\.[A-Za-z]{2,}(:[0-9]+)?(/[^[:space:]]*)?$' AND length(website) <= 300);

-- +goose Down
ALTER TABLE clinics DROP COLUMN website;
