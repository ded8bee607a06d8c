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
	// prepared keeps the listings' fixed statements (prepared.go); nil
	// runs them unnamed.
	prepared *statements
}

// NewStore returns a Store over db.
func NewStore(db *sqlx.DB) *Store {
	return &Store{db: db, free: booking.NewStore(db), refs: newReferences(time.Now)}
}

// NewServingStore returns a Store over the serving pool db that keeps the
// statements every cold listing runs prepared on its connections. A
// database that lives for one request (a preview's) takes NewStore: its
// statements would outlive it on the connection it borrowed.
func NewServingStore(db *sqlx.DB) *Store {
	s := NewStore(db)
	s.prepared = &statements{db: db, byText: map[string]*sqlx.Stmt{}}
	return s
}
