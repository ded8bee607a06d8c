package catalog

import (
	"context"
	"strconv"
	"sync"
	"time"
)

// referenceTTL bounds how long a held reference is served: an editor's
// change makes it stale at once (Follow), a change made around the
// editors (a migration, the seed, SQL by hand) shows within it.
const referenceTTL = time.Minute

// referencesTag is the page cache's tag of the specialties: an editor's
// change of a specialty, or of a doctor's specialties, purges it.
const referencesTag = "specialties"

// references holds what every doctors' listing reads besides its doctors
// and editors rarely change: the specialty by its slug and the region's
// districts, by language. Read on every render they were two of a cold
// listing's five statements (~0.1 ms of PostgreSQL's CPU each, and the
// round trips). Only what was found is held, so the maps are bounded by
// the data: a slug that is not there is asked for every time.
type references struct {
	mu          sync.Mutex
	now         func() time.Time
	purgedAt    func(tag string) time.Time // nil: nothing purges them (a preview's Store)
	specialties map[string]held[Specialty]
	districts   map[string]held[[]Named]
}

type held[T any] struct {
	value T
	at    time.Time
}

func newReferences(now func() time.Time) *references {
	return &references{now: now, specialties: map[string]held[Specialty]{}, districts: map[string]held[[]Named]{}}
}

// fresh reports whether what was read at at may still be served: within
// referenceTTL, and read after the specialties' last purge (a purge at
// the same instant counts: the read may have come just before it).
func (r *references) fresh(at time.Time) bool {
	if r.now().Sub(at) >= referenceTTL {
		return false
	}
	return r.purgedAt == nil || at.After(r.purgedAt(referencesTag))
}

// lookup returns m's fresh value under key, or load's (held when it did
// not fail). Two renders missing at once both load: the same rows, once
// more.
func lookup[T any](r *references, m map[string]held[T], key string, load func() (T, error)) (T, error) {
	r.mu.Lock()
	h, ok := m[key]
	r.mu.Unlock()
	if ok && r.fresh(h.at) {
		return h.value, nil
	}
	at := r.now()
	v, err := load()
	if err != nil {
		return v, err
	}
	r.mu.Lock()
	m[key] = held[T]{value: v, at: at}
	r.mu.Unlock()
	return v, nil
}

// heldSpecialty is SpecialtyBySlug, held (references). The Specialty is
// the caller's copy.
func (s *Store) heldSpecialty(ctx context.Context, slug, lang string) (Specialty, error) {
	return lookup(s.refs, s.refs.specialties, lang+"|"+slug, func() (Specialty, error) { return s.SpecialtyBySlug(ctx, slug, lang) })
}

// heldDistricts is Districts, held (references): the slice is shared by
// every listing of the region and language, which must not change it.
func (s *Store) heldDistricts(ctx context.Context, regionID int64, lang string) ([]Named, error) {
	return lookup(s.refs, s.refs.districts, lang+"|"+strconv.FormatInt(regionID, 10), func() ([]Named, error) { return s.Districts(ctx, regionID, lang) })
}

// Purges says when a tag was last purged, by this instance or by any other
// sharing Redis (cache.Cache).
type Purges interface {
	PurgedAt(tag string) time.Time
}

// Follow makes what s holds stale whenever the page cache purges the
// specialties (an editor's change of a specialty or of a doctor's
// specialties, on any instance), checked on every read. Call it once,
// before serving, for the serving Store (a preview's reads its draft).
func (s *Store) Follow(purges Purges) {
	s.refs.purgedAt = purges.PurgedAt
}
