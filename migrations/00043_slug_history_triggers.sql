-- +goose Up
-- Every slugged table records its old slugs in slug_history when a slug
-- changes, so the slug-redirect check knows every former address without
-- any writer having to remember. The trigger's argument is the entity name,
-- or 'kind' for tables whose rows name their entity in a kind column
-- (services: service, diagnostic, analysis; posts: article, news, press).
-- +goose StatementBegin
CREATE FUNCTION record_slug_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    entity_name text := TG_ARGV[0];
BEGIN
    IF entity_name = 'kind' THEN
        entity_name := NEW.kind;
    END IF;
    IF NEW.slug IS DISTINCT FROM OLD.slug THEN
        INSERT INTO slug_history AS h (entity, old_slug, entity_id)
        VALUES (entity_name, OLD.slug, OLD.id)
        ON CONFLICT (entity, old_slug) DO UPDATE
            SET entity_id = EXCLUDED.entity_id, changed_at = now();
        -- A slug taken (back) by a live row is no longer a former one.
        DELETE FROM slug_history h WHERE h.entity = entity_name AND h.old_slug = NEW.slug;
    END IF;
    RETURN NEW;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER clinics_slug_history AFTER UPDATE OF slug ON clinics
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('clinic');
CREATE TRIGGER doctors_slug_history AFTER UPDATE OF slug ON doctors
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('doctor');
CREATE TRIGGER specialties_slug_history AFTER UPDATE OF slug ON specialties
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('specialty');
CREATE TRIGGER services_slug_history AFTER UPDATE OF slug ON services
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('kind');
CREATE TRIGGER clinic_profiles_slug_history AFTER UPDATE OF slug ON clinic_profiles
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('clinic_profile');
CREATE TRIGGER diseases_slug_history AFTER UPDATE OF slug ON diseases
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('disease');
CREATE TRIGGER symptoms_slug_history AFTER UPDATE OF slug ON symptoms
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('symptom');
CREATE TRIGGER products_slug_history AFTER UPDATE OF slug ON products
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('product');
CREATE TRIGGER product_categories_slug_history AFTER UPDATE OF slug ON product_categories
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('product_category');
CREATE TRIGGER product_tags_slug_history AFTER UPDATE OF slug ON product_tags
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('product_tag');
CREATE TRIGGER posts_slug_history AFTER UPDATE OF slug ON posts
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('kind');
CREATE TRIGGER promotions_slug_history AFTER UPDATE OF slug ON promotions
    FOR EACH ROW EXECUTE FUNCTION record_slug_change('promotion');

-- +goose Down
DROP TRIGGER promotions_slug_history ON promotions;
DROP TRIGGER posts_slug_history ON posts;
DROP TRIGGER product_tags_slug_history ON product_tags;
DROP TRIGGER product_categories_slug_history ON product_categories;
DROP TRIGGER products_slug_history ON products;
DROP TRIGGER symptoms_slug_history ON symptoms;
DROP TRIGGER diseases_slug_history ON diseases;
DROP TRIGGER clinic_profiles_slug_history ON clinic_profiles;
DROP TRIGGER services_slug_history ON services;
DROP TRIGGER specialties_slug_history ON specialties;
DROP TRIGGER doctors_slug_history ON doctors;
DROP TRIGGER clinics_slug_history ON clinics;
DROP FUNCTION record_slug_change();
