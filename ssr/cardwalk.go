package ssr

import (
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// The cards of sealed entities (client/components/fragment.tsx entityCard:
// a doctor's, a clinic's) are placed by the walker of plain elements
// itself: it takes the key from the entity's seal and the language, asks
// the engine's fragment store, and writes the marker; only a card no store
// holds is rendered, by the script, and kept. In the script, a held card
// cost its wrapper's call, the key's and the tag's strings, two calls into
// Go and the marker element: a tenth of a warm listing's render, for
// twenty cards that are spliced in afterwards anyway.

// entityCard is what the script registered for an entity card's wrapper
// (__goCard): its kind, the prop holding the entity, the boolean prop
// that makes the card "priced" ("" when none), and its render.
type entityCard struct {
	kind, field, priced string
	render              goja.Callable
}

// installCards gives the script __goCard(wrapper, kind, field, priced, render).
func (w *plainWalker) installCards() {
	w.cards = map[*goja.Object]*entityCard{}
	_ = w.rt.Set("__goCard", func(call goja.FunctionCall) goja.Value {
		wrapper, ok := call.Argument(0).(*goja.Object)
		render, isFunction := goja.AssertFunction(call.Argument(4))
		if !ok || !isFunction {
			panic(w.rt.NewTypeError("__goCard: a wrapper and a render are needed"))
		}
		w.cards[wrapper] = &entityCard{
			kind:   call.Argument(1).String(),
			field:  call.Argument(2).String(),
			priced: call.Argument(3).String(),
			render: render,
		}
		return goja.Undefined()
	})
}

// card places entity card c with props p, as the script's wrapper would
// (fragment.tsx fragment and sealedKey): the marker of the card's HTML,
// held or rendered now and kept. False, having written nothing, when the
// engine keeps no fragments or the entity carries no seal: the script's
// wrapper then does what it does without one.
func (k *walk) card(c *entityCard, p *goja.Object) bool {
	shelf := k.w.shelf
	if shelf == nil {
		return false
	}
	entity, ok := p.Get(c.field).(*goja.Object)
	if !ok {
		return false
	}
	seal, sealed := entity.Get(fragmentField).(goja.String)
	lang, hasLang := p.Get("lang").(goja.String)
	if !sealed || !hasLang {
		return false
	}
	text := utf8Of(seal)
	if strings.IndexByte(text, '|') <= 0 {
		return false
	}
	variant := ""
	if c.priced != "" && p.Get(c.priced).ToBoolean() {
		variant = "priced"
	}
	key := shelf.key(c.kind, text+"|"+utf8Of(lang)+"|"+variant)
	n, held := shelf.held(key)
	if !held {
		// The render is a walk of its own in the shared buffer (flush first).
		k.flush()
		html, err := c.render(goja.Undefined(), p)
		if err != nil {
			panic(err) // the script's own exception, rethrown as it was
		}
		k.buf.Reset()
		n = shelf.keep(key, c.kind+":"+entity.Get("id").String(), html)
	}
	k.buf.WriteString(`<template data-fragment="`)
	k.buf.WriteString(strconv.Itoa(n))
	k.buf.WriteString(`"></template>`)
	k.lastText = false
	return true
}
