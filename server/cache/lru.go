package cache

import (
	"container/list"
	"sync"
)

// lru is the bounded in-process layer: a map for lookup and a list that
// keeps the most recently used entry at the front, bounded by the bytes its
// entries hold (entry.size), not by their number: a listing page with its
// two compressed bodies holds ~130 KB, a suggestion list a few hundred
// bytes. A nil *lru is a valid, always-empty layer (Options.LocalBytes < 0).
type lru struct {
	mu    sync.Mutex
	max   int64 // bytes
	used  int64
	order *list.List // of *lruItem, most recent first
	items map[string]*list.Element
}

type lruItem struct {
	key   string
	entry *Entry
	size  int64
}

func newLRU(maxBytes int64) *lru {
	if maxBytes <= 0 {
		return nil
	}
	return &lru{max: maxBytes, order: list.New(), items: map[string]*list.Element{}}
}

func (l *lru) get(key string) (*Entry, bool) {
	if l == nil {
		return nil, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	el, ok := l.items[key]
	if !ok {
		return nil, false
	}
	l.order.MoveToFront(el)
	return el.Value.(*lruItem).entry, true
}

// put stores e under key and evicts the least recently used entries until
// the layer is within its bytes again. An entry larger than the whole
// layer is not kept.
func (l *lru) put(key string, e *Entry) {
	if l == nil {
		return
	}
	size := e.size() + int64(len(key))
	l.mu.Lock()
	defer l.mu.Unlock()
	if el, ok := l.items[key]; ok {
		it := el.Value.(*lruItem)
		l.used += size - it.size
		it.entry, it.size = e, size
		l.order.MoveToFront(el)
	} else {
		l.items[key] = l.order.PushFront(&lruItem{key: key, entry: e, size: size})
		l.used += size
	}
	for l.used > l.max && l.order.Len() > 0 {
		l.removeElement(l.order.Back())
	}
}

func (l *lru) removeElement(el *list.Element) {
	it := el.Value.(*lruItem)
	l.order.Remove(el)
	delete(l.items, it.key)
	l.used -= it.size
}

// remove deletes key only while it still holds e, so a lookup that found an
// expired entry cannot delete a fresh one stored in the meantime.
func (l *lru) remove(key string, e *Entry) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if el, ok := l.items[key]; ok && el.Value.(*lruItem).entry == e {
		l.removeElement(el)
	}
}

func (l *lru) clear() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.order.Init()
	clear(l.items)
	l.used = 0
}

func (l *lru) len() int {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.order.Len()
}

// bytes is what the held entries take (entry.size summed).
func (l *lru) bytes() int64 {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.used
}
