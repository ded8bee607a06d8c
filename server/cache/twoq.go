package cache

import (
	"container/list"
	"hash/maphash"
	"sync"
)

// twoQ is the bounded in-process layer, bounded by the bytes its entries
// hold (entry.size), not by their number: a listing page with its two
// compressed bodies holds ~130 KB, a suggestion list a few hundred bytes.
// A nil *twoQ is a valid, always-empty layer (Options.LocalBytes < 0).
//
// It resists scans the 2Q way (Johnson and Shasha, VLDB 1994): a new key
// enters recent, a small LRU of an eighth of the bytes; a key asked for
// again while it is there, or put again soon after it left (its hash is
// among the ghosts, the keys recent let go last), moves to frequent, an
// LRU of the rest. A crawler asking once for each of 100,000 pages churns
// through recent alone: it never evicts the pages visitors keep asking
// for, and the layer then holds an eighth of its bound instead of all of
// it (memory the collector must leave room for: server/main.go's heap
// limit follows what the caches hold).
type twoQ struct {
	mu         sync.Mutex
	max        int64 // bytes, both lists
	recentMax  int64
	used       int64
	recentUsed int64
	recent     *list.List // of *twoQItem, most recent first
	frequent   *list.List
	items      map[string]*list.Element
	ghosts     ghosts
}

type twoQItem struct {
	key      string
	entry    *Entry
	size     int64
	frequent bool
}

// ghostCount is how many keys that left recent are remembered (by hash:
// 8 bytes each): ~2,000 listing pages' worth, many times what recent holds.
const ghostCount = 4096

func newTwoQ(maxBytes int64) *twoQ {
	if maxBytes <= 0 {
		return nil
	}
	return &twoQ{
		max: maxBytes, recentMax: maxBytes / 8,
		recent: list.New(), frequent: list.New(), items: map[string]*list.Element{},
		ghosts: newGhosts(ghostCount),
	}
}

func (q *twoQ) get(key string) (*Entry, bool) {
	if q == nil {
		return nil, false
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	el, ok := q.items[key]
	if !ok {
		return nil, false
	}
	it := el.Value.(*twoQItem)
	if it.frequent {
		q.frequent.MoveToFront(el)
	} else {
		// Asked for again while recent: a page visitors come back to.
		q.recent.Remove(el)
		q.recentUsed -= it.size
		it.frequent = true
		q.items[key] = q.frequent.PushFront(it)
	}
	return it.entry, true
}

// put stores e under key, in recent unless key was there lately, and
// evicts until both lists are within their bytes again. An entry larger
// than the list it would enter is not kept (a new key is remembered as a
// ghost, so its next put may enter frequent).
func (q *twoQ) put(key string, e *Entry) {
	if q == nil {
		return
	}
	size := e.size() + int64(len(key))
	q.mu.Lock()
	defer q.mu.Unlock()
	if el, ok := q.items[key]; ok {
		it := el.Value.(*twoQItem)
		q.used += size - it.size
		if it.frequent {
			q.frequent.MoveToFront(el)
		} else {
			q.recentUsed += size - it.size
			q.recent.MoveToFront(el)
		}
		it.entry, it.size = e, size
		q.evict()
		return
	}
	h := maphash.String(q.ghosts.seed, key)
	frequent := q.ghosts.remove(h)
	if size > q.max || (!frequent && size > q.recentMax) {
		q.ghosts.add(h)
		return
	}
	it := &twoQItem{key: key, entry: e, size: size, frequent: frequent}
	if frequent {
		q.items[key] = q.frequent.PushFront(it)
	} else {
		q.items[key] = q.recent.PushFront(it)
		q.recentUsed += size
	}
	q.used += size
	q.evict()
}

// evict drops recent's oldest entries beyond its bytes (their keys become
// ghosts), then the oldest of frequent, or of recent when frequent is
// empty, beyond the layer's bytes.
func (q *twoQ) evict() {
	for q.recentUsed > q.recentMax {
		it := q.removeElement(q.recent.Back())
		q.ghosts.add(maphash.String(q.ghosts.seed, it.key))
	}
	for q.used > q.max {
		if el := q.frequent.Back(); el != nil {
			q.removeElement(el)
			continue
		}
		it := q.removeElement(q.recent.Back())
		q.ghosts.add(maphash.String(q.ghosts.seed, it.key))
	}
}

func (q *twoQ) removeElement(el *list.Element) *twoQItem {
	it := el.Value.(*twoQItem)
	if it.frequent {
		q.frequent.Remove(el)
	} else {
		q.recent.Remove(el)
		q.recentUsed -= it.size
	}
	delete(q.items, it.key)
	q.used -= it.size
	return it
}

// remove deletes key only while it still holds e, so a lookup that found an
// expired entry cannot delete a fresh one stored in the meantime.
func (q *twoQ) remove(key string, e *Entry) {
	if q == nil {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if el, ok := q.items[key]; ok && el.Value.(*twoQItem).entry == e {
		q.removeElement(el)
	}
}

// clear drops every entry; the ghosts stay (they hold no data, only which
// keys were asked for lately).
func (q *twoQ) clear() {
	if q == nil {
		return
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	q.recent.Init()
	q.frequent.Init()
	clear(q.items)
	q.used, q.recentUsed = 0, 0
}

func (q *twoQ) len() int {
	if q == nil {
		return 0
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

// bytes is what the held entries take (entry.size summed).
func (q *twoQ) bytes() int64 {
	if q == nil {
		return 0
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.used
}

// ghosts is a bounded set of key hashes, the oldest forgotten first.
type ghosts struct {
	seed maphash.Seed
	ring []uint64 // insertion order; next is the oldest slot
	next int
	set  map[uint64]struct{}
}

func newGhosts(n int) ghosts {
	return ghosts{seed: maphash.MakeSeed(), ring: make([]uint64, 0, n), set: make(map[uint64]struct{}, n)}
}

func (g *ghosts) add(h uint64) {
	if _, ok := g.set[h]; ok {
		return
	}
	if len(g.ring) < cap(g.ring) {
		g.ring = append(g.ring, h)
	} else {
		delete(g.set, g.ring[g.next])
		g.ring[g.next] = h
		g.next = (g.next + 1) % len(g.ring)
	}
	g.set[h] = struct{}{}
}

// remove reports whether h was a ghost and forgets it. Its slot in the
// ring stays until overwritten, which may then forget the same hash added
// again since: a ghost forgotten early costs one more pass through recent.
func (g *ghosts) remove(h uint64) bool {
	if _, ok := g.set[h]; !ok {
		return false
	}
	delete(g.set, h)
	return true
}
