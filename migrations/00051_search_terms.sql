-- +goose Up
-- What search matches: one row per entity and spelling of its name. key is
-- the normalised search key computed in Go (search.Key: Latin, folded,
-- stemmed), so "кардиологи", "kardiologlar" and "rfhlbjkju" (wrong layout,
-- switched by the query side) meet on "kardiolog". whole is false for the
-- rows that start at a later word of the name ("ivan ivanovich" of
-- "ivanov ivan ivanovich"), so a word of the name matches by prefix but
-- ranks after a match of the name's start. The display columns are copied
-- so that a suggestion list reads this table alone. The table is derived:
-- search.Reindex rebuilds it (run by the seeder and `server search-reindex`).
-- key uses the C collation: keys are ASCII, and a B-tree range on C order
-- serves the prefix matches.
CREATE TABLE search_terms (
    entity_type    text    NOT NULL CHECK (entity_type IN
                    ('doctor_specialty', 'clinic', 'doctor', 'service', 'analysis', 'diagnostics', 'drug')),
    entity_id      bigint  NOT NULL,
    key            text    COLLATE "C" NOT NULL,
    whole          boolean NOT NULL,
    slug           text    NOT NULL,
    name_ru        text    NOT NULL,
    name_uz        text    NOT NULL,
    description_ru text    NOT NULL DEFAULT '',
    description_uz text    NOT NULL DEFAULT '',
    image          text    NOT NULL DEFAULT '',
    region_id      bigint  REFERENCES regions (id),
    popularity     bigint  NOT NULL DEFAULT 0,
    PRIMARY KEY (key, entity_type, entity_id)
);

-- Similar (misspelt) names: every type but doctors. People's names are
-- most of the rows and share common trigrams (-ov, -ova, -ovich), so a
-- fuzzy lookup over them rechecked tens of thousands of rows on the large
-- seed (~150 ms); doctors are found by prefix of any part of the name.
CREATE INDEX search_terms_key_trgm_idx ON search_terms USING gin (key gin_trgm_ops)
    WHERE entity_type <> 'doctor';

-- +goose Down
DROP TABLE search_terms;
