// Package catalog owns the directory's content: its types, its SQL and its
// queries. This part holds the doctors: specialties, listings and cards.
package catalog

import "github.com/jmoiron/sqlx"

// Store reads the catalog.
type Store struct {
	db *sqlx.DB
}

// NewStore returns a Store over db.
func NewStore(db *sqlx.DB) *Store { return &Store{db: db} }
