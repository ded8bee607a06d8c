package catalog

import (
	"errors"
	"testing"
	"time"
)

// TestReferencesHoldUntilPurgedOrOld: a held value is served until the
// specialties are purged at or after it was read, or referenceTTL has
// passed; a failed read is not held.
func TestReferencesHoldUntilPurgedOrOld(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	var purged time.Time
	r := newReferences(func() time.Time { return now })
	r.purgedAt = func(tag string) time.Time {
		if tag != referencesTag {
			t.Errorf("purge time asked of %q", tag)
		}
		return purged
	}
	loads := 0
	load := func() (int, error) { loads++; return loads, nil }
	m := map[string]held[int]{}
	get := func() int {
		t.Helper()
		v, err := lookup(r, m, "k", load)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if v := get(); v != 1 {
		t.Fatalf("first read %d, want 1", v)
	}
	now = now.Add(referenceTTL - time.Second)
	if v := get(); v != 1 {
		t.Errorf("within the TTL: %d, want the held 1", v)
	}
	purged = now.Add(-referenceTTL + time.Second) // the instant it was read
	if v := get(); v != 2 {
		t.Errorf("purged as it was read: %d, want a new read (2)", v)
	}
	purged = now.Add(-time.Hour)
	now = now.Add(referenceTTL)
	if v := get(); v != 3 {
		t.Errorf("after the TTL: %d, want a new read (3)", v)
	}
	failing := func() (int, error) { return 0, errors.New("down") }
	if _, err := lookup(r, m, "f", failing); err == nil {
		t.Fatal("a failed read answered without its error")
	}
	if _, ok := m["f"]; ok {
		t.Error("a failed read is held")
	}
	r.purgedAt = nil // a preview's Store: nothing purges it, the TTL still holds
	if v := get(); v != 3 {
		t.Errorf("without purges: %d, want the held 3", v)
	}
}
