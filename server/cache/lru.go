package cache

import (
	"container/list"
	"sync"
)

// lru is the bounded in-process layer: a map for lookup and a list that
// keeps the most recently used entry at the front. A nil *lru is a valid,
// always-empty layer (Options.LocalEntries < 0).
type lru struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *lruItem, most recent first
	items map[string]*list.Element
}

type lruItem struct {
	key   string
	entry *Entry
}

func newLRU(max int) *lru {
	if max <= 0 {
		return nil
	}
	return &lru{max: max, order: list.New(), items: make(map[string]*list.Element, max)}
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

func (l *lru) put(key string, e *Entry) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if el, ok := l.items[key]; ok {
		el.Value.(*lruItem).entry = e
		l.order.MoveToFront(el)
		return
	}
	l.items[key] = l.order.PushFront(&lruItem{key: key, entry: e})
	if l.order.Len() > l.max {
		oldest := l.order.Back()
		l.order.Remove(oldest)
		delete(l.items, oldest.Value.(*lruItem).key)
	}
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
		l.order.Remove(el)
		delete(l.items, key)
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
}

func (l *lru) len() int {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.order.Len()
}
