-- +goose Up
-- The AI consultant (/profile/consultant): a signed-in user's chats with
-- the language model, kept so they can come back to them.
CREATE TABLE consultant_chats (
    id         bigserial PRIMARY KEY,
    user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The start of the first question.
    title      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consultant_chats_user ON consultant_chats (user_id, updated_at DESC);

CREATE TABLE consultant_messages (
    id         bigserial PRIMARY KEY,
    chat_id    bigint NOT NULL REFERENCES consultant_chats (id) ON DELETE CASCADE,
    role       text NOT NULL CHECK (role IN ('user', 'assistant')),
    content    text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consultant_messages_chat ON consultant_messages (chat_id, id);

-- +goose Down
DROP TABLE consultant_messages;
DROP TABLE consultant_chats;
