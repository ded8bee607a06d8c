// Package migrations embeds the goose SQL migrations, so the binary carries
// the schema it expects and can refuse to run against a newer one.
package migrations

import "embed"

// FS holds the numbered *.sql migrations.
//
//go:embed *.sql
var FS embed.FS
