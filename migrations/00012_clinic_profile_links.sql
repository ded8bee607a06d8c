-- +goose Up
CREATE TABLE clinic_profile_links (
    clinic_id  bigint NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
    profile_id bigint NOT NULL REFERENCES clinic_profiles (id) ON DELETE CASCADE,
    PRIMARY KEY (clinic_id, profile_id)
);

-- Listing by specialisation starts here.
CREATE INDEX clinic_profile_links_profile_idx ON clinic_profile_links (profile_id, clinic_id);

-- +goose Down
DROP TABLE clinic_profile_links;
