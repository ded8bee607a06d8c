-- +goose Up
-- Relatives saved on the profile (issue 30): the people a patient books
-- for besides themselves (a child, a parent...), chosen in the booking form
-- instead of typed anew each time. They are the account's: deleting the
-- account deletes them. Names are checked by account.CheckRelative (at
-- most limits.json's patientNameMax characters), birth dates not in the
-- future nor more than 120 years back; the CHECKs are the last word.
CREATE TABLE relatives (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    birth_date date NOT NULL CHECK (birth_date >= DATE '1900-01-01'),
    relation   text NOT NULL CHECK (relation IN ('child', 'parent', 'spouse', 'sibling', 'other')),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX relatives_user ON relatives (user_id, id);

-- +goose Down
DROP TABLE relatives;
