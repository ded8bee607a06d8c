package site_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/cache"
	"sogliq/server/cache/redistest"
	"sogliq/server/database"
	"sogliq/server/database/dbtest"
	"sogliq/server/site/sitetest"
)

// freezer is a TCP proxy on loopback in front of PostgreSQL that can stop
// forwarding, like a server stopped with SIGSTOP: connections are still
// accepted (the kernel's backlog would), bytes just stop moving.
type freezer struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	cond   *sync.Cond
	frozen bool
}

func newFreezer(t *testing.T, target string) *freezer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &freezer{ln: ln, target: target}
	f.cond = sync.NewCond(&f.mu)
	t.Cleanup(func() { f.set(false); ln.Close() })
	go f.serve()
	return f
}

func (f *freezer) set(frozen bool) {
	f.mu.Lock()
	f.frozen = frozen
	f.mu.Unlock()
	f.cond.Broadcast()
}

func (f *freezer) wait() {
	f.mu.Lock()
	for f.frozen {
		f.cond.Wait()
	}
	f.mu.Unlock()
}

func (f *freezer) serve() {
	for {
		c, err := f.ln.Accept()
		if err != nil {
			return
		}
		go func() {
			f.wait()
			up, err := net.Dial("tcp", f.target)
			if err != nil {
				c.Close()
				return
			}
			go f.pipe(up, c)
			f.pipe(c, up)
		}()
	}
}

// pipe copies src to dst, holding every chunk while frozen.
func (f *freezer) pipe(dst, src net.Conn) {
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			f.wait()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// TestFrozenDatabase: while PostgreSQL stops answering, no request waits
// longer than maxWait, cached pages are served, uncached ones get the
// 503 page in the visitor's language with Retry-After, the APIs a JSON
// 503, signed-in pages the 503 page; once it answers again, everything
// works without a restart.
//
// maxWait is a correctness bound, not a speed measurement: the database
// budget is 1 s here, so a request that honours it answers well within
// 2 s even on a loaded machine, and one that does not waits for the whole
// freeze (10 s), which the bound cannot miss.
func TestFrozenDatabase(t *testing.T) {
	const budget, maxWait, freeze = time.Second, 2 * time.Second, 10 * time.Second
	db := dbtest.NewSeeded(t)
	f, serving := freezable(t, db, budget)
	s := sitetest.StartWithDB(t, serving, sitetest.Options{DBBudget: budget})

	// A signed-in visitor, made through the direct connection.
	accounts := account.NewStore(db)
	var code string
	if err := accounts.IssueCode(context.Background(), "998901112233", "", time.Now(), func(c string) error { code = c; return nil }); err != nil {
		t.Fatal(err)
	}
	sess, err := accounts.Verify(context.Background(), "998901112233", code, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	cookie := "token=" + sess.Token

	for _, warm := range []string{"/doctors", "/uz/doctors"} {
		if p := sitetest.Get(t, s.URL+warm); p.Resp.StatusCode != 200 {
			t.Fatalf("warming %s: %d", warm, p.Resp.StatusCode)
		}
	}
	if p := sitetest.Get(t, s.URL+"/profile", "Cookie", cookie); p.Resp.StatusCode != 200 {
		t.Fatalf("/profile before the freeze: %d", p.Resp.StatusCode)
	}

	f.set(true)
	frozenAt := time.Now()
	// However the server behaves, the freeze ends: a request that waits
	// for it shows up as too slow, not as a hung test.
	thaw := time.AfterFunc(freeze, func() { f.set(false) })
	defer thaw.Stop()
	type want struct {
		path, cookie string
		status       int
		text         string // in the body
	}
	wants := []want{
		{"/doctors", "", 200, ""},
		{"/uz/doctors", "", 200, ""},
		{"/doctors/kardiolog", "", 503, "Сервис временно недоступен"},
		{"/uz/kliniki", "", 503, "Xizmat vaqtincha ishlamayapti"},
		{"/doctor/some-doctor", "", 503, "Сервис временно недоступен"},
		{"/api/locations", "", 503, `"error":"Сервис временно недоступен`},
		{"/api/locations?lang=uz", "", 503, `"error":"Xizmat vaqtincha ishlamayapti`},
		{"/api/suggest?q=kardio", "", 503, `"error":`},
		{"/profile", cookie, 503, "Сервис временно недоступен"},
		{"/api/auth/session", cookie, 503, `"error":`},
	}
	var wg sync.WaitGroup
	errs := make(chan string, 1000)
	for round := range 3 {
		for _, w := range wants {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest("GET", s.URL+w.path, nil)
				if w.cookie != "" {
					req.Header.Set("Cookie", w.cookie)
				}
				start := time.Now()
				resp, err := http.DefaultClient.Do(req)
				took := time.Since(start)
				if err != nil {
					errs <- fmt.Sprintf("round %d %s: %v", round, w.path, err)
					return
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				checkAPI(t, "GET", w.path, resp, body)
				if took > maxWait {
					errs <- fmt.Sprintf("round %d %s took %s (bound %s)", round, w.path, took, maxWait)
				}
				if resp.StatusCode != w.status || !strings.Contains(string(body), w.text) {
					errs <- fmt.Sprintf("round %d %s = %d, want %d with %q: %.300s", round, w.path, resp.StatusCode, w.status, w.text, body)
				}
				if w.status == 503 && resp.Header.Get("Retry-After") == "" {
					errs <- fmt.Sprintf("round %d %s: a 503 without Retry-After", round, w.path)
				}
			}()
		}
		wg.Wait()
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if time.Since(frozenAt) > freeze {
		t.Fatalf("the frozen rounds took %s", time.Since(frozenAt))
	}

	f.set(false)
	// Recovery without a restart: the pool drops the broken connections
	// and opens new ones.
	deadline := time.Now().Add(15 * time.Second)
	for _, w := range []want{{"/doctors/kardiolog", "", 200, ""}, {"/api/locations", "", 200, ""}, {"/profile", cookie, 200, ""}} {
		for {
			p := sitetest.Get(t, s.URL+w.path, "Cookie", w.cookie)
			if p.Resp.StatusCode == w.status {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after the freeze %s still answers %d", w.path, p.Resp.StatusCode)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// TestFrozenDatabaseServesPagesFromRedis: thirty-two listings rendered before
// PostgreSQL froze, most of them long gone from a small in-process layer
// but kept in Redis, all answer 200 while the database is frozen and the
// server is busy with requests that wait on it; a page never rendered
// answers 503.
func TestFrozenDatabaseServesPagesFromRedis(t *testing.T) {
	const budget = time.Second
	f, serving := freezable(t, dbtest.NewSeeded(t), budget)
	srv := redistest.Start(t)
	rdb, err := cache.NewRedisClient(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rdb.Close() })
	// Room for two or three listings in process: the rest live in Redis.
	s := sitetest.StartWithDB(t, serving, sitetest.Options{DBBudget: budget, Redis: rdb, PageCacheBytes: 300 << 10})

	var warm []string
	for _, specialty := range []string{"kardiolog", "terapevt", "pediatr", "nevrolog", "ginekolog", "stomatolog", "urolog", "endokrinolog"} {
		for _, place := range []string{"", "/samarkand", "/uz", "/uz/fergana"} {
			warm = append(warm, place+"/doctors/"+specialty)
		}
	}
	for _, path := range warm {
		if p := sitetest.Get(t, s.URL+path); p.Resp.StatusCode != 200 {
			t.Fatalf("warming %s: %d", path, p.Resp.StatusCode)
		}
	}

	f.set(true)
	thaw := time.AfterFunc(20*time.Second, func() { f.set(false) })
	defer thaw.Stop()
	// The load: pages never rendered, each waiting on the frozen database.
	stop := make(chan struct{})
	var load sync.WaitGroup
	for i := range 8 {
		load.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := http.Get(fmt.Sprintf("%s/doctors/kardiolog?page=%d", s.URL, 100+8*n+i))
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}
		})
	}
	var wg sync.WaitGroup
	errs := make(chan string, len(warm)+1)
	for _, path := range warm {
		wg.Go(func() {
			resp, err := http.Get(s.URL + path)
			if err != nil {
				errs <- fmt.Sprintf("%s: %v", path, err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				errs <- fmt.Sprintf("%s, rendered before the freeze: %d (X-Cache %q)", path, resp.StatusCode, resp.Header.Get("X-Cache"))
			}
		})
	}
	wg.Wait()
	if p := sitetest.Get(t, s.URL+"/doctors/kardiolog?page=3"); p.Resp.StatusCode != 503 {
		errs <- fmt.Sprintf("a page never rendered: %d, want 503", p.Resp.StatusCode)
	}
	close(stop)
	load.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// freezable is a serving pool on db whose connections pass through a
// freezer, with budget as its statement and connect timeouts.
func freezable(t *testing.T, db *sqlx.DB, budget time.Duration) (*freezer, *sqlx.DB) {
	t.Helper()
	u, err := url.Parse(dbtest.URL(t, db))
	if err != nil {
		t.Fatal(err)
	}
	f := newFreezer(t, u.Host)
	u.Host = f.ln.Addr().String()
	serving, err := database.OpenServing(context.Background(), u.String(), database.Limits{Timeout: budget, ConnectTimeout: budget, MaxOpen: 8})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { serving.Close() })
	return f, serving
}
