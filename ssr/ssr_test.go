package ssr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestRewriteAccumulation(t *testing.T) {
	const shipped = "var didFatal = !1,\n    result = \"\",\n    x;\n  push: function (chunk) {\n      null !== chunk && (result += chunk);\n  }\n" +
		"  if (!readyToStream) throw Error(formatProdErrorMessage(426));\n  return result;\n}"
	for _, test := range []struct {
		name    string
		src     string
		wantErr bool
	}{
		{"as React ships it", shipped, false},
		{"pattern moved", strings.Replace(shipped, "(result += chunk)", "(out += chunk)", 1), true},
		{"pattern twice", shipped + shipped, true},
	} {
		t.Run(test.name, func(t *testing.T) {
			got, err := rewriteAccumulation(test.src)
			if test.wantErr {
				if err == nil {
					t.Fatal("rewrite succeeded, want an error naming the missing pattern")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"result = [],", "result.push(chunk)", `return result.join("");`} {
				if !strings.Contains(got, want) {
					t.Errorf("rewritten source lacks %q", want)
				}
			}
			if strings.Contains(got, "result += chunk") {
				t.Error("rewritten source still concatenates")
			}
		})
	}
}

// repoRoot is the module root, two levels up from nothing: ssr/ is top level.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "react-dom")); err != nil {
		t.Fatalf("node_modules/react-dom missing: run npm ci first (%v)", err)
	}
	return root
}

// TestInstalledReactHasThePattern fails when a React upgrade moves the
// output accumulation: the fast path must then be re-found, not lost.
func TestInstalledReactHasThePattern(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "node_modules", "react-dom", "cjs", legacyServerFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rewriteAccumulation(string(src)); err != nil {
		t.Fatal(err)
	}
}

func TestBuild(t *testing.T) {
	b, err := Build(BuildOptions{Root: repoRoot(t), Minify: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.Server, "result.push(chunk)") || strings.Contains(b.Server, "result += chunk") {
		t.Error("server bundle does not carry the rewritten accumulation")
	}
	if !strings.Contains(b.Server, renderFunc) {
		t.Errorf("server bundle does not define %s", renderFunc)
	}
	if b.ID == "" || b.Manifest.Entry == "" || len(b.Manifest.CSS) != 1 {
		t.Errorf("manifest incomplete: id %q, %+v", b.ID, b.Manifest)
	}
	for _, island := range []string{"BurgerMenu", "LanguageSwitcher", "DownloadApp"} {
		url, ok := b.Manifest.Islands[island]
		if !ok {
			t.Errorf("no chunk for island %s", island)
			continue
		}
		if _, ok := b.Assets[strings.TrimPrefix(url, PublicPath)]; !ok {
			t.Errorf("island %s: %s is not among the assets", island, url)
		}
	}
	for _, url := range append([]string{b.Manifest.Entry}, b.Manifest.CSS...) {
		if _, ok := b.Assets[strings.TrimPrefix(url, PublicPath)]; !ok {
			t.Errorf("%s is not among the assets", url)
		}
	}
	// The server bundle must never reach the browser.
	for name, content := range b.Assets {
		if strings.Contains(string(content), renderFunc) {
			t.Errorf("asset %s holds the server renderer", name)
		}
	}
}

const testScript = `
globalThis.__sogliqRender = function (props) {
  if (props === "loop") { for (;;) {} }
  if (props === "throw") { throw new Error("boom"); }
  if (props === "json") { return __goJSON({ s: "</script><b>&", l: "\u2028\u2029", u: undefined, f() {}, n: [1, 2.5, null] }); }
  return "ok:" + props;
};`

func newTestEngine(t *testing.T, script string, timeout time.Duration) *Engine {
	t.Helper()
	e, err := NewEngine(&Bundle{ID: "test", Server: script}, Options{Size: 1, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestRenderDeadlineDiscardsRuntime(t *testing.T) {
	e := newTestEngine(t, testScript, 50*time.Millisecond)
	ctx := context.Background()
	if _, err := e.Render(ctx, []byte("loop")); !errors.Is(err, ErrTimeout) {
		t.Fatalf("Render(loop) = %v, want ErrTimeout", err)
	}
	// The pool holds one runtime: the next render proves it was replaced.
	got, err := e.Render(ctx, []byte("after"))
	if err != nil || got != "ok:after" {
		t.Fatalf("Render after a timeout = %q, %v", got, err)
	}
	if s := e.Stats(); s.Renders != 2 || s.Failures != 1 {
		t.Errorf("Stats = %+v, want 2 renders, 1 failure", s)
	}
}

func TestRenderErrorDiscardsRuntime(t *testing.T) {
	e := newTestEngine(t, testScript, time.Second)
	if _, err := e.Render(context.Background(), []byte("throw")); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("Render(throw) = %v, want the script's error", err)
	}
	if got, err := e.Render(context.Background(), []byte("x")); err != nil || got != "ok:x" {
		t.Fatalf("Render after a throw = %q, %v", got, err)
	}
}

func TestRenderWaitsForARuntime(t *testing.T) {
	e := newTestEngine(t, testScript, time.Second)
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			want := "ok:" + string(rune('a'+i))
			got, err := e.Render(context.Background(), []byte(want[3:]))
			if err == nil && got != want {
				err = errors.New("got " + got + ", want " + want)
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v, err := e.pool.get(context.Background(), false) // hold the only runtime: the next Render must give up with ctx
	if err != nil {
		t.Fatal(err)
	}
	defer e.pool.put(v)
	if _, err := e.Render(ctx, []byte("x")); !errors.Is(err, context.Canceled) {
		t.Errorf("Render with a cancelled ctx and no free runtime = %v, want context.Canceled", err)
	}
}

func TestGoJSONEscapesForScriptElements(t *testing.T) {
	e := newTestEngine(t, testScript, time.Second)
	got, err := e.Render(context.Background(), []byte("json"))
	if err != nil {
		t.Fatal(err)
	}
	// JSON.stringify's: keys in order, undefined and functions left out.
	want := `{"s":"\u003c/script\u003e\u003cb\u003e\u0026","l":"\u2028\u2029","n":[1,2.5,null]}`
	if got != want {
		t.Errorf("__goJSON = %s, want %s", got, want)
	}
}

func TestSwap(t *testing.T) {
	e := newTestEngine(t, testScript, time.Second)
	if err := e.Swap(&Bundle{ID: "broken", Server: "this is not javascript"}); err == nil {
		t.Fatal("Swap accepted a broken bundle")
	}
	if got, _ := e.Render(context.Background(), []byte("x")); got != "ok:x" {
		t.Fatalf("after a refused swap Render = %q, want the old bundle's answer", got)
	}
	if err := e.Swap(&Bundle{ID: "v2", Server: strings.Replace(testScript, `"ok:"`, `"v2:"`, 1)}); err != nil {
		t.Fatal(err)
	}
	if got, _ := e.Render(context.Background(), []byte("x")); got != "v2:x" {
		t.Errorf("after Swap Render = %q, want v2:x", got)
	}
	if e.Bundle().ID != "v2" {
		t.Errorf("Bundle().ID = %q, want v2", e.Bundle().ID)
	}
}

// TestForegroundRendersGoFirst: with the only runtime busy, a background
// render (a stale page's refresh) queued first still gets the runtime after
// a foreground render queued later; the runtime counts its renders, so
// each answer says in which order it ran.
func TestForegroundRendersGoFirst(t *testing.T) {
	e := newTestEngine(t, `
globalThis.__sogliqRender = function (props) {
  globalThis.n = (globalThis.n || 0) + 1;
  return props + ":" + globalThis.n;
};`, time.Second)
	held, err := e.pool.get(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	type answer struct{ html, err string }
	render := func(ctx context.Context, props string) chan answer {
		out := make(chan answer, 1)
		go func() {
			html, err := e.Render(ctx, []byte(props))
			out <- answer{html, fmt.Sprint(err)}
		}()
		return out
	}
	queued := func(wantFore, wantBack int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for f, b := e.pool.waiting(); f != wantFore || b != wantBack; f, b = e.pool.waiting() {
			if time.Now().After(deadline) {
				t.Fatalf("waiting = %d foreground, %d background; want %d, %d", f, b, wantFore, wantBack)
			}
			time.Sleep(time.Millisecond)
		}
	}
	back1 := render(Background(context.Background()), "back1")
	queued(0, 1)
	back2 := render(Background(context.Background()), "back2")
	queued(0, 2)
	fore := render(context.Background(), "fore")
	queued(1, 2)
	e.pool.put(held)
	want := []answer{{"fore:1", "<nil>"}, {"back1:2", "<nil>"}, {"back2:3", "<nil>"}}
	for i, ch := range []chan answer{fore, back1, back2} {
		if got := <-ch; got != want[i] {
			t.Errorf("render %d = %+v, want %+v", i, got, want[i])
		}
	}
}

// TestBackgroundWaiterLeaves: a background render whose ctx ends leaves the
// queue, and the runtime goes to the next waiter, not to the departed one.
func TestBackgroundWaiterLeaves(t *testing.T) {
	e := newTestEngine(t, testScript, time.Second)
	held, err := e.pool.get(context.Background(), false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(Background(context.Background()))
	gone := make(chan error, 1)
	go func() { _, err := e.Render(ctx, []byte("x")); gone <- err }()
	for _, b := e.pool.waiting(); b != 1; _, b = e.pool.waiting() {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-gone; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled background Render = %v, want context.Canceled", err)
	}
	if f, b := e.pool.waiting(); f != 0 || b != 0 {
		t.Fatalf("waiting after the cancel = %d, %d; want none", f, b)
	}
	e.pool.put(held)
	if got, err := e.Render(Background(context.Background()), []byte("y")); err != nil || got != "ok:y" {
		t.Errorf("background Render with a free runtime = %q, %v", got, err)
	}
}

// TestRenderFallbackIsCounted: the bundle's __renderFallback(kind, reason)
// (client/staticRender.ts fellBack) reaches Options.OnFallback with its
// kind, and the log with the reason.
func TestRenderFallbackIsCounted(t *testing.T) {
	var mu sync.Mutex
	var kinds []string
	var log strings.Builder
	e, err := NewEngine(&Bundle{ID: "t", Server: `globalThis.__sogliqRender = function (props) {
  __renderFallback("card", "the hook useEffectEvent");
  __renderFallback("page", "Doctor: the hook useEffectEvent");
  return "ok";
};`}, Options{Size: 1, Logger: slog.New(slog.NewTextHandler(&log, nil)), OnFallback: func(kind string) {
		mu.Lock()
		defer mu.Unlock()
		kinds = append(kinds, kind)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := e.Render(context.Background(), []byte("{}")); err != nil || got != "ok" {
		t.Fatalf("Render = %q, %v", got, err)
	}
	if strings.Join(kinds, ",") != "card,page" {
		t.Errorf("OnFallback got %v, want card then page", kinds)
	}
	if !strings.Contains(log.String(), "reason=\"Doctor: the hook useEffectEvent\"") {
		t.Errorf("the log lacks the reason:\n%s", log.String())
	}
}

// TestInlineScripts: the bundle's __sogliqInlineScripts names the texts of
// its documents' inline scripts; a bundle without it names none.
func TestInlineScripts(t *testing.T) {
	e := newTestEngine(t, testScript+`
globalThis.__sogliqInlineScripts = function () { return JSON.stringify(["a()", "{\"prefetch\":[]}"]); };`, time.Second)
	got, err := e.InlineScripts(context.Background())
	if err != nil || strings.Join(got, "|") != `a()|{"prefetch":[]}` {
		t.Errorf("InlineScripts = %q, %v", got, err)
	}
	if got, err := newTestEngine(t, testScript, time.Second).InlineScripts(context.Background()); err != nil || got != nil {
		t.Errorf("InlineScripts of a bundle without them = %q, %v", got, err)
	}
}
