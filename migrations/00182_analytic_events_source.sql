-- +goose Up
-- Where an event came from, as a pseudonym (analytics.SourceOf: a hash of
-- the IPv4 address or of the IPv6 /64, never the address): popularity
-- counts distinct devices per source and caps what one source gives an
-- entity in an hour, so one address rotating device ids cannot pump a
-- doctor up. '' for the rows written before.
ALTER TABLE analytic_events ADD COLUMN source text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE analytic_events DROP COLUMN source;
