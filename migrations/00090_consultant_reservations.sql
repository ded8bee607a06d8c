-- +goose Up
-- A question's place in its user's daily limit, taken before the model is
-- asked (up to a minute) and replaced by the stored question, or given
-- back when the model fails: parallel questions cannot all pass the count.
CREATE TABLE consultant_reservations (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL
);
CREATE INDEX consultant_reservations_user ON consultant_reservations (user_id, created_at);

-- +goose Down
DROP TABLE consultant_reservations;
