-- +goose Up
-- What a clinic offers and at what price in so'm: price_to is set when the
-- price is a range (от–до).
CREATE TABLE clinic_services (
    clinic_id  bigint NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
    service_id bigint NOT NULL REFERENCES services (id) ON DELETE CASCADE,
    price_from int    NOT NULL CHECK (price_from >= 0),
    price_to   int    CHECK (price_to >= price_from),
    PRIMARY KEY (clinic_id, service_id)
);

-- Clinics offering a service: the listing starts here and reads the price
-- from the index.
CREATE INDEX clinic_services_service_idx ON clinic_services (service_id, clinic_id) INCLUDE (price_from);

-- +goose Down
DROP TABLE clinic_services;
