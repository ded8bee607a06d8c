-- +goose Up
-- The visit type a hold or a booking is for (NULL: one slot, no type, as
-- before issue 30). Its length is the row's during; its price was copied
-- into price at booking.
ALTER TABLE appointments ADD COLUMN visit_type_id bigint REFERENCES visit_types (id) ON DELETE SET NULL;

-- +goose Down
ALTER TABLE appointments DROP COLUMN visit_type_id;
