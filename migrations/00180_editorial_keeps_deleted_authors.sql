-- +goose Up
-- An editor or admin may delete their account: their revisions and audit
-- rows stay (the site's history), without the link to the person.
ALTER TABLE editorial_revisions ALTER COLUMN author_id DROP NOT NULL;
ALTER TABLE editorial_revisions
    DROP CONSTRAINT editorial_revisions_author_id_fkey,
    ADD CONSTRAINT editorial_revisions_author_id_fkey FOREIGN KEY (author_id) REFERENCES users (id) ON DELETE SET NULL,
    DROP CONSTRAINT editorial_revisions_published_by_fkey,
    ADD CONSTRAINT editorial_revisions_published_by_fkey FOREIGN KEY (published_by) REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE editorial_audit
    DROP CONSTRAINT editorial_audit_actor_id_fkey,
    ADD CONSTRAINT editorial_audit_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users (id) ON DELETE SET NULL;

-- +goose Down
ALTER TABLE editorial_audit
    DROP CONSTRAINT editorial_audit_actor_id_fkey,
    ADD CONSTRAINT editorial_audit_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users (id);
ALTER TABLE editorial_revisions
    DROP CONSTRAINT editorial_revisions_published_by_fkey,
    ADD CONSTRAINT editorial_revisions_published_by_fkey FOREIGN KEY (published_by) REFERENCES users (id),
    DROP CONSTRAINT editorial_revisions_author_id_fkey,
    ADD CONSTRAINT editorial_revisions_author_id_fkey FOREIGN KEY (author_id) REFERENCES users (id);
ALTER TABLE editorial_revisions ALTER COLUMN author_id SET NOT NULL;
