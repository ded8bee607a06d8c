-- +goose Up
-- Online consultations (issue 30): the video meeting link of a visit of an
-- online visit type, pasted by the clinic's desk (https only, at most
-- meetingUrlMax characters of shared/limits.json; the API checks both, the
-- database the length). NULL: no link yet.
ALTER TABLE appointments ADD COLUMN meeting_url text CHECK (length(meeting_url) <= 500);

-- +goose Down
ALTER TABLE appointments DROP COLUMN meeting_url;
