-- +goose Up
-- More words people use for the same thing (issue 33): a maternity
-- complex is a роддом / tug'ruqxona, a children's polyclinic a children's
-- hospital to many. Applied by the next search.Reindex (server
-- search-reindex).
INSERT INTO search_synonyms (term, synonym) VALUES
    ('родильный комплекс', 'роддом'),
    ('родильный комплекс', 'родильный дом'),
    ('tug''ruq majmuasi', 'tug''ruqxona'),
    ('tug''ruq majmuasi', 'tug''ruq uyi'),
    ('детская поликлиника', 'детская больница'),
    ('bolalar poliklinikasi', 'bolalar shifoxonasi'),
    ('Холтер', 'холтеровское мониторирование')
ON CONFLICT DO NOTHING;

-- +goose Down
DELETE FROM search_synonyms
WHERE (term, synonym) IN (
    ('родильный комплекс', 'роддом'),
    ('родильный комплекс', 'родильный дом'),
    ('tug''ruq majmuasi', 'tug''ruqxona'),
    ('tug''ruq majmuasi', 'tug''ruq uyi'),
    ('детская поликлиника', 'детская больница'),
    ('bolalar poliklinikasi', 'bolalar shifoxonasi'),
    ('Холтер', 'холтеровское мониторирование'));
