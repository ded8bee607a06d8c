-- +goose Up
-- A question an editor has created but not yet published stays off /faq
-- (server/editorial: a new entity is created hidden, published with its
-- first revision).
ALTER TABLE faq_items ADD COLUMN published boolean NOT NULL DEFAULT true;

-- +goose Down
ALTER TABLE faq_items DROP COLUMN published;
