-- +goose Up
-- Words people use for the same thing. A pair works both ways: an entity
-- whose name holds one side is also indexed under the other (search.Reindex),
-- so "ультразвук" finds "УЗИ брюшной полости" and "ЛОР" finds
-- "отоларинголог". Terms are written as people type them; Reindex normalises.
CREATE TABLE search_synonyms (
    term    text NOT NULL,
    synonym text NOT NULL,
    PRIMARY KEY (term, synonym)
);

INSERT INTO search_synonyms (term, synonym) VALUES
    ('УЗИ', 'ультразвук'),
    ('УЗИ', 'ультразвуковое исследование'),
    ('УЗИ', 'UTT'),
    ('UTT', 'ultratovush'),
    ('ЛОР', 'отоларинголог'),
    ('ЛОР', 'оториноларинголог'),
    ('ЛОР', 'ухо горло нос'),
    ('МРТ', 'магнитно-резонансная томография'),
    ('МРТ', 'томограф'),
    ('КТ', 'компьютерная томография'),
    ('ЭКГ', 'электрокардиограмма'),
    ('ЭКГ', 'электрокардиография'),
    ('ЭхоКГ', 'эхокардиография'),
    ('окулист', 'офтальмолог'),
    ('окулист', 'глазной врач'),
    ('стоматолог', 'зубной врач'),
    ('стоматолог', 'дантист'),
    ('терапевт', 'врач общей практики'),
    ('педиатр', 'детский врач'),
    ('гинеколог', 'женский врач'),
    ('ОАК', 'общий анализ крови'),
    ('ОАМ', 'общий анализ мочи'),
    ('ФГДС', 'гастроскопия'),
    ('ФГДС', 'фиброгастродуоденоскопия');

-- +goose Down
DROP TABLE search_synonyms;
