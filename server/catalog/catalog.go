// Package catalog owns the directory's content: its types, its SQL and its
// queries. This part holds the doctors: specialties, listings and cards.
package catalog

import (
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/booking"
)

// Store reads the catalog.
type Store struct {
	db *sqlx.DB
	// free answers when doctors have free times (the listings' "free
	// today" filters and "earliest free" order), by booking's own rules.
	free *booking.Store
	// refs are the specialties and districts the listings read (references.go).
	refs *references
}

// NewStore returns a Store over db.
func NewStore(db *sqlx.DB) *Store {
	return &Store{db: db, free: booking.NewStore(db), refs: newReferences(time.Now)}
}
