package ssr

import (
	"context"
	"slices"
	"sync"
)

// backgroundKey marks a context whose renders yield to everyone else.
type backgroundKey struct{}

// Background returns ctx marked as background work (a cached page being
// refreshed while its stale copy is served): its Render takes a runtime
// only when no foreground render is waiting for one, so a visitor with no
// page at all never queues behind refreshes.
func Background(ctx context.Context) context.Context {
	return context.WithValue(ctx, backgroundKey{}, true)
}

func isBackground(ctx context.Context) bool {
	b, _ := ctx.Value(backgroundKey{}).(bool)
	return b
}

// pool holds the idle runtimes and hands a returned one to the first
// foreground waiter, else to the first background waiter, else keeps it.
// A channel cannot do this: a background receiver blocked on it would take
// a runtime as readily as a foreground one.
type pool struct {
	mu   sync.Mutex
	free []*vm
	// foreground and background are the waiters in arrival order; each
	// channel has room for the one runtime handed to it.
	foreground, background []chan *vm
}

// get returns an idle runtime, or waits for one until ctx ends; low
// waits behind every foreground waiter, present or arriving later.
func (p *pool) get(ctx context.Context, low bool) (*vm, error) {
	p.mu.Lock()
	// put hands a runtime straight to a waiter, so a free one means nobody
	// waits.
	if n := len(p.free); n > 0 {
		v := p.free[n-1]
		p.free = p.free[:n-1]
		p.mu.Unlock()
		return v, nil
	}
	w := make(chan *vm, 1)
	if low {
		p.background = append(p.background, w)
	} else {
		p.foreground = append(p.foreground, w)
	}
	p.mu.Unlock()
	select {
	case v := <-w:
		return v, nil
	case <-ctx.Done():
		if !p.leave(w) {
			// put handed this waiter a runtime as ctx ended: pass it on.
			p.put(<-w)
		}
		return nil, ctx.Err()
	}
}

// leave removes waiter w; false means it was already handed a runtime.
func (p *pool) leave(w chan *vm) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, q := range []*[]chan *vm{&p.foreground, &p.background} {
		if i := slices.Index(*q, w); i >= 0 {
			*q = slices.Delete(*q, i, i+1)
			return true
		}
	}
	return false
}

// put returns v: to the first foreground waiter, else the first background
// one, else to the idle runtimes.
func (p *pool) put(v *vm) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, q := range []*[]chan *vm{&p.foreground, &p.background} {
		if len(*q) > 0 {
			w := (*q)[0]
			*q = (*q)[1:]
			w <- v // never blocks: room for one, and one runtime per waiter
			return
		}
	}
	p.free = append(p.free, v)
}

// waiting reports how many foreground and background renders wait.
func (p *pool) waiting() (foreground, background int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.foreground), len(p.background)
}
