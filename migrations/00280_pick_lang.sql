-- +goose Up
-- pick_lang is the text of lang from a Russian and Uzbek pair: the Uzbek
-- text for 'uz' unless it is empty or NULL (not yet translated), then
-- the Russian one, as for every other language. It is Go's i18n.Pick
-- (server/i18n; TestPickLangIsPick runs both on the same cases), the one
-- rule a query picks the visitor's language by. LANGUAGE sql and
-- IMMUTABLE so the planner inlines it: a query plans as with the CASE
-- written out.
CREATE FUNCTION pick_lang(lang text, ru text, uz text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN lang = 'uz' AND uz <> '' THEN uz ELSE ru END $$;

-- +goose Down
DROP FUNCTION pick_lang(text, text, text);
