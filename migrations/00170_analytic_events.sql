-- +goose Up
-- Page views and clinic/doctor track-events (package analytics). Append
-- only, written in batches by COPY; partitioned by month (UTC) so the
-- retention drops whole partitions instead of deleting rows. The job that
-- makes partitions ahead (analytics.EnsurePartitions) runs at start and
-- daily; this migration makes the current and the next two months so a
-- fresh database takes events at once.
CREATE TABLE analytic_events (
    at        timestamptz NOT NULL,
    event     text   NOT NULL,
    device_id text   NOT NULL DEFAULT '',
    route     text   NOT NULL DEFAULT '',
    page_type text   NOT NULL DEFAULT '',
    page_id   text   NOT NULL DEFAULT '',
    platform  text   NOT NULL DEFAULT '',
    device    text   NOT NULL DEFAULT '',
    lang      text   NOT NULL DEFAULT 'ru',
    entity    text   NOT NULL DEFAULT '',
    entity_id bigint NOT NULL DEFAULT 0
) PARTITION BY RANGE (at);
-- Rows arrive in time order: a BRIN index costs almost nothing to keep.
CREATE INDEX analytic_events_at ON analytic_events USING brin (at);

-- +goose StatementBegin
DO $$
DECLARE
    m date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
BEGIN
    FOR i IN 0..2 LOOP
        EXECUTE format(
            'CREATE TABLE IF NOT EXISTS %I PARTITION OF analytic_events FOR VALUES FROM (%L) TO (%L)',
            'analytic_events_' || to_char(m + make_interval(months => i), 'YYYYMM'),
            (m + make_interval(months => i))::timestamp AT TIME ZONE 'UTC',
            (m + make_interval(months => i + 1))::timestamp AT TIME ZONE 'UTC');
    END LOOP;
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE analytic_events;
