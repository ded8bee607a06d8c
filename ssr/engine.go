package ssr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
)

// renderFunc is the global the server bundle defines: props JSON in, the
// whole HTML document out. reactRenderFunc is the same page rendered by
// react-dom/server's renderToString, which renderFunc's HTML must equal
// (Options.React).
const (
	renderFunc      = "__sogliqRender"
	reactRenderFunc = "__sogliqRenderReact"
	// renderPropsFunc, when the bundle defines it, is renderFunc taking
	// the props already decoded (decodeProps) instead of their JSON.
	renderPropsFunc = "__sogliqRenderProps"
)

// ErrTimeout is returned when a render outlives its deadline. The runtime that
// ran it is thrown away.
var ErrTimeout = errors.New("ssr: render deadline exceeded")

// Options tunes an Engine.
type Options struct {
	// Size is the number of runtimes; default one per CPU.
	Size int
	// Timeout is every render's deadline; default 2s.
	Timeout time.Duration
	// Logger receives the bundle's console output and runtime replacements.
	Logger *slog.Logger
	// OnWait, when set, learns how long each render waited for a runtime;
	// OnReplace, when set, learns of each runtime discarded. The server
	// feeds its metrics from them.
	OnWait    func(time.Duration)
	OnReplace func()
	// OnFallback, when set, learns of each render the bundle's static
	// renderer handed to React, by kind ("page", "island", "card"):
	// client/staticRender.ts fellBack.
	OnFallback func(kind string)
	// Fragments, when set, keeps the HTML of cards (fragment.tsx) across
	// renders; nil renders every card in place.
	Fragments *Fragments
	// React renders with react-dom/server instead of the bundle's static
	// renderer: slower, the same HTML; the test that proves it sets it.
	React bool
}

// Engine renders pages with a pool of goja runtimes that all run one program,
// compiled once. It is safe for concurrent use; each runtime serves one
// goroutine at a time.
type Engine struct {
	opts    Options
	pool    pool
	current atomic.Pointer[program]
	mu      sync.Mutex // serialises Swap

	renders, failures atomic.Uint64
}

// Stats counts an engine's work since it started.
type Stats struct {
	// Renders counts calls of the bundle's render function.
	Renders uint64
	// Failures counts renders that timed out or threw; each cost a runtime.
	Failures uint64
}

// Stats returns the engine's counters.
func (e *Engine) Stats() Stats {
	return Stats{Renders: e.renders.Load(), Failures: e.failures.Load()}
}

// program is one compiled bundle; gen tells runtimes built from an older
// bundle apart after a Swap.
type program struct {
	gen      uint64
	compiled *goja.Program
	bundle   *Bundle
}

type vm struct {
	rt     *goja.Runtime
	render goja.Callable
	// renderProps is the bundle's renderPropsFunc, nil when it has none
	// (or the engine renders with React).
	renderProps goja.Callable
	// keys interns the props' object keys (decodeProps).
	keys  map[string]string
	gen   uint64
	build string
	// cards are the HTML of the fragments the current render placed, by
	// marker number.
	cards []string
}

// NewEngine compiles the bundle's server script and warms opts.Size runtimes.
func NewEngine(b *Bundle, opts Options) (*Engine, error) {
	if opts.Size <= 0 {
		opts.Size = runtime.NumCPU()
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 2 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	e := &Engine{opts: opts}
	p, err := compile(b, 1)
	if err != nil {
		return nil, err
	}
	e.current.Store(p)
	for range opts.Size {
		v, err := e.newVM(p)
		if err != nil {
			return nil, err
		}
		e.pool.put(v)
	}
	return e, nil
}

func compile(b *Bundle, gen uint64) (*program, error) {
	c, err := goja.Compile("server.js", b.Server, true)
	if err != nil {
		return nil, fmt.Errorf("ssr: compile server bundle: %w", err)
	}
	return &program{gen: gen, compiled: c, bundle: b}, nil
}

// Bundle returns the bundle the engine currently renders with.
func (e *Engine) Bundle() *Bundle { return e.current.Load().bundle }

// Swap replaces the program: runtimes still running the old one are rebuilt
// when they are next taken from the pool. DEV mode calls it after a rebuild.
func (e *Engine) Swap(b *Bundle) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	p, err := compile(b, e.current.Load().gen+1)
	if err != nil {
		return err
	}
	// Run it once before publishing, so a broken bundle never replaces a
	// working one.
	if _, err := e.newVM(p); err != nil {
		return err
	}
	e.current.Store(p)
	return nil
}

func (e *Engine) newVM(p *program) (*vm, error) {
	rt := goja.New()
	walker := installGlobals(rt, e.opts.Logger)
	e.installFallback(rt)
	v := &vm{rt: rt, gen: p.gen, build: p.bundle.ID}
	e.installFragments(v, walker)
	if _, err := rt.RunProgram(p.compiled); err != nil {
		return nil, fmt.Errorf("ssr: run server bundle: %w", err)
	}
	name := renderFunc
	if e.opts.React {
		name = reactRenderFunc
	}
	fn, ok := goja.AssertFunction(rt.Get(name))
	if !ok {
		return nil, fmt.Errorf("ssr: server bundle does not define %s", name)
	}
	v.render = fn
	if fn, ok := goja.AssertFunction(rt.Get(renderPropsFunc)); ok && !e.opts.React {
		v.renderProps = fn
		v.keys = map[string]string{}
	}
	return v, nil
}

// Render runs the bundle's render function with props (a JSON document) and
// returns its HTML. ctx bounds the wait for a free runtime; the render itself
// is bounded by Options.Timeout. A ctx marked by Background waits behind
// every other render for its runtime.
func (e *Engine) Render(ctx context.Context, props []byte) (string, error) {
	v, err := e.acquire(ctx)
	if err != nil {
		return "", err
	}
	e.renders.Add(1)
	html, err := e.run(ctx, v, props)
	if err != nil {
		e.failures.Add(1)
		if e.opts.OnReplace != nil {
			e.opts.OnReplace()
		}
		// A runtime that was interrupted or threw may hold half-updated
		// module state; never reuse it.
		go e.replace()
		return "", err
	}
	e.pool.put(v)
	return html, nil
}

// inlineScriptsFunc is the bundle's function naming its documents' inline
// scripts (client/entry-server.tsx).
const inlineScriptsFunc = "__sogliqInlineScripts"

// InlineScripts returns the texts of the inline scripts the bundle's
// documents may hold, for a Content-Security-Policy that allows exactly
// them by hash; none when the bundle names none.
func (e *Engine) InlineScripts(ctx context.Context) ([]string, error) {
	v, err := e.acquire(ctx)
	if err != nil {
		return nil, err
	}
	fn, ok := goja.AssertFunction(v.rt.Get(inlineScriptsFunc))
	if !ok {
		e.pool.put(v)
		return nil, nil
	}
	res, err := fn(goja.Undefined())
	if err != nil {
		go e.replace()
		return nil, fmt.Errorf("ssr: %s: %w", inlineScriptsFunc, err)
	}
	e.pool.put(v)
	var scripts []string
	if err := json.Unmarshal([]byte(res.String()), &scripts); err != nil {
		return nil, fmt.Errorf("ssr: %s: %w", inlineScriptsFunc, err)
	}
	return scripts, nil
}

func (e *Engine) acquire(ctx context.Context) (*vm, error) {
	start := time.Now()
	v, err := e.pool.get(ctx, isBackground(ctx))
	if e.opts.OnWait != nil {
		e.opts.OnWait(time.Since(start))
	}
	if err != nil {
		return nil, fmt.Errorf("ssr: waiting for a runtime: %w", err)
	}
	if p := e.current.Load(); v.gen != p.gen {
		nv, err := e.newVM(p)
		if err != nil {
			e.pool.put(v)
			return nil, err
		}
		v = nv
	}
	return v, nil
}

func (e *Engine) run(ctx context.Context, v *vm, props []byte) (html string, err error) {
	start := time.Now()
	fired := make(chan struct{})
	timer := time.AfterFunc(e.opts.Timeout, func() {
		v.rt.Interrupt(ErrTimeout)
		close(fired)
	})
	defer func() {
		stopped := timer.Stop()
		if !stopped {
			// The interrupt must not reach the runtime's next render.
			<-fired
			v.rt.ClearInterrupt()
		}
		// A render that ended before the script saw the interrupt (or
		// before a busy scheduler ran the timer) outlived its deadline
		// all the same.
		if err == nil && (!stopped || time.Since(start) >= e.opts.Timeout) {
			html, err = "", ErrTimeout
		}
	}()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("ssr: render panicked: %v", r)
		}
	}()
	v.cards = v.cards[:0]
	var res goja.Value
	if v.renderProps != nil {
		dec, decodeErr := decodeProps(v.rt, props, v.keys)
		if decodeErr != nil {
			return "", decodeErr
		}
		// The page's cards that other renders (here or on another
		// instance) made, in one round trip before the render asks.
		e.opts.Fragments.fetch(ctx, dec.cardKeys(v.build))
		res, err = v.renderProps(goja.Undefined(), dec.value)
	} else {
		res, err = v.render(goja.Undefined(), v.rt.ToValue(string(props)))
	}
	if err != nil {
		var ie *goja.InterruptedError
		if errors.As(err, &ie) {
			return "", ErrTimeout
		}
		return "", fmt.Errorf("ssr: render: %w", err)
	}
	html = pageText(res, v.cards)
	clear(v.cards) // let the strings go with the page
	return html, nil
}

// installFragments gives the bundle the fragment store (fragment.tsx):
// __fragmentKey(kind, propsJSON) is the card's key, "" when the engine
// keeps no fragments; __fragmentGet(key) the marker number of a held card
// or -1; __fragmentPut(key, tag, html) stores a card just rendered and
// returns its marker number. The walker places entity cards through the
// same store (cardwalk.go).
//
// They take goja.FunctionCall rather than Go types: goja calls those
// directly, where other signatures go through reflection, a few per cent
// of a cold listing's render.
func (e *Engine) installFragments(v *vm, walker *plainWalker) {
	rt := v.rt
	shelf := &vmShelf{e.opts.Fragments, v}
	if e.opts.Fragments != nil {
		walker.shelf = shelf
	}
	str := func(call goja.FunctionCall, i int) string { return utf8Of(call.Argument(i)) }
	_ = rt.Set("__fragmentKey", func(call goja.FunctionCall) goja.Value {
		if e.opts.Fragments == nil {
			return rt.ToValue("")
		}
		return rt.ToValue(shelf.key(str(call, 0), str(call, 1)))
	})
	_ = rt.Set("__fragmentGet", func(call goja.FunctionCall) goja.Value {
		n, ok := shelf.held(str(call, 0))
		if !ok {
			return rt.ToValue(-1)
		}
		return rt.ToValue(n)
	})
	_ = rt.Set("__fragmentPut", func(call goja.FunctionCall) goja.Value {
		return rt.ToValue(shelf.keep(str(call, 0), str(call, 1), call.Argument(2)))
	})
}

// vmShelf is the engine's fragment store as one runtime's renders use it,
// through the script (__fragment*) and the walker (cardwalk.go): marker
// numbers are the render's, the cards it placed being v.cards.
type vmShelf struct {
	store *Fragments
	v     *vm
}

// key is the fragment key of kind and the key's text (fragmentKey).
func (s *vmShelf) key(kind, text string) string { return fragmentKey(s.v.build, kind, text) }

// held is the marker number of the HTML held under key, if any.
func (s *vmShelf) held(key string) (int, bool) {
	html, ok := s.store.get(key)
	if !ok {
		return 0, false
	}
	s.v.cards = append(s.v.cards, html)
	return len(s.v.cards) - 1, true
}

// keep stores html (a string or a sink) under key and tag, and is its marker number.
func (s *vmShelf) keep(key, tag string, html goja.Value) int {
	text := takeText(html)
	s.store.put(key, text, tag)
	s.v.cards = append(s.v.cards, text)
	return len(s.v.cards) - 1
}

// installFallback gives the bundle __renderFallback(kind, reason), which
// counts a render handed to React (Options.OnFallback) and logs why: a page
// or a card at Warn, so that what the static renderer lacks gets support;
// an island at Debug, since islands that need useId always go to React.
func (e *Engine) installFallback(rt *goja.Runtime) {
	_ = rt.Set("__renderFallback", func(call goja.FunctionCall) goja.Value {
		kind := call.Argument(0).String()
		if e.opts.OnFallback != nil {
			e.opts.OnFallback(kind)
		}
		level := slog.LevelWarn
		if kind == "island" {
			level = slog.LevelDebug
		}
		e.opts.Logger.Log(context.Background(), level, "ssr: static render fell back to React",
			slog.String("kind", kind), slog.String("reason", call.Argument(1).String()))
		return goja.Undefined()
	})
}

// replace puts a fresh runtime into the pool in place of a discarded one.
func (e *Engine) replace() {
	for {
		v, err := e.newVM(e.current.Load())
		if err == nil {
			e.pool.put(v)
			return
		}
		e.opts.Logger.Error("ssr: cannot rebuild runtime", slog.Any("err", err))
		time.Sleep(time.Second)
	}
}

// InstallGlobals gives the bundle what goja lacks, and the renderer's
// work done faster in Go: console; __goEscape (below), __goPlainTags and
// __goPlain (plainwalk.go); __goSink (sink.go);
// and __goJSON, JSON safe inside a <script> element: what the runtime's
// JSON.stringify writes, then <, >, &, U+2028 and U+2029 escaped as
// encoding/json escapes them; written in Go from the values themselves
// where it can (scriptjson.go), else by JSON.stringify. (Exporting the
// value to Go for encoding/json cost a tenth of a listing's render.)
// Tests that run the
// client's modules in goja install them too, to run them as pages do.
func InstallGlobals(rt *goja.Runtime, log *slog.Logger) {
	installGlobals(rt, log)
}

// installGlobals is InstallGlobals, and the walker of plain elements it installed.
func installGlobals(rt *goja.Runtime, log *slog.Logger) *plainWalker {
	console := rt.NewObject()
	logTo := func(level slog.Level) func(goja.FunctionCall) goja.Value {
		return func(call goja.FunctionCall) goja.Value {
			args := make([]any, len(call.Arguments))
			for i, a := range call.Arguments {
				args[i] = a.String()
			}
			log.Log(context.Background(), level, "ssr console", slog.Any("args", args))
			return goja.Undefined()
		}
	}
	_ = console.Set("log", logTo(slog.LevelInfo))
	_ = console.Set("info", logTo(slog.LevelInfo))
	_ = console.Set("warn", logTo(slog.LevelWarn))
	_ = console.Set("error", logTo(slog.LevelError))
	_ = rt.Set("console", console)
	stringify, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("stringify"))
	// __goEscape is React's escapeTextForBrowser in Go: goja tests a
	// RegExp against non-ASCII text rune by rune, and most texts of a page
	// at country scale (names, addresses) are new to the renderer's cache,
	// so the test cost more than the rest of their writing. A text with
	// nothing to escape comes back as the same value, unconverted.
	_ = rt.Set("__goEscape", func(call goja.FunctionCall) goja.Value {
		v := call.Argument(0)
		s := utf8Of(v)
		if !strings.ContainsAny(s, htmlSpecial) {
			return v
		}
		return rt.ToValue(htmlEscaper.Replace(s))
	})
	// __goPlain writes plain elements in Go (plainwalk.go), __goSink
	// makes a render's output in Go (sink.go).
	walker := newPlainWalker(rt)
	installSinks(rt)
	var props scriptJSON
	_ = rt.Set("__goJSON", func(call goja.FunctionCall) goja.Value {
		omit := ""
		if len(call.Arguments) > 1 {
			omit = call.Argument(1).String()
		}
		if text, ok := props.text(call.Argument(0), omit); ok {
			return rt.ToValue(text)
		}
		if omit != "" {
			return goja.Null() // the caller copies the value without omit
		}
		out, err := stringify(goja.Undefined(), call.Argument(0))
		if err != nil {
			panic(err)
		}
		if goja.IsUndefined(out) {
			return rt.ToValue("null")
		}
		return rt.ToValue(scriptSafe.Replace(out.String()))
	})
	return walker
}

// htmlSpecial are the characters React escapes in text and attribute
// values, and htmlEscaper its escapes of them (escapeTextForBrowser).
const htmlSpecial = "\"'&<>"

var htmlEscaper = strings.NewReplacer(`"`, "&quot;", "&", "&amp;", "'", "&#x27;", "<", "&lt;", ">", "&gt;")

// scriptSafe escapes what could end a <script> element or a line in
// JavaScript; in JSON these characters occur only inside strings, where
// the escapes mean the same characters.
var scriptSafe = strings.NewReplacer("<", `\u003c`, ">", `\u003e`, "&", `\u0026`, "\u2028", `\u2028`, "\u2029", `\u2029`)
