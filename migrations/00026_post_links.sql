-- +goose Up
-- The doctors and clinics an article or news item mentions, shown beside it.
CREATE TABLE post_doctors (
    post_id   bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    doctor_id bigint NOT NULL REFERENCES doctors (id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, doctor_id)
);

CREATE TABLE post_clinics (
    post_id   bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    clinic_id bigint NOT NULL REFERENCES clinics (id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, clinic_id)
);

-- +goose Down
DROP TABLE post_clinics;
DROP TABLE post_doctors;
