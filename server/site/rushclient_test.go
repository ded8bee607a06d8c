package site_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The rush's visitors run in processes of their own: this test binary,
// started again with rushRoleEnv set to "racers" or "bystanders" (TestMain).
// In the server's process, 1,000 HTTP clients would share its Go
// scheduler and collector: a bystander's answer, ready, would wait behind
// the racers' client goroutines as well as the server's, and the clients'
// work (net/http's, several goroutines a request) was half of what a
// burst cost. Patients' phones are not on the server's machine; here
// they share its two cores, so the racers' client is as cheap as a
// client can be (one pre-written HTTP/1.1 request per open connection,
// written in one loop) and what it costs is measured and reported
// (rushOutcome.ClientCPU). The bystanders have a process of their own
// too, so that their answers are read as soon as they come.
const rushRoleEnv = "SOGLIQ_RUSH_ROLE"

func TestMain(m *testing.M) {
	switch os.Getenv(rushRoleEnv) {
	case "racers":
		os.Exit(rushChild(racersMain))
	case "bystanders":
		os.Exit(rushChild(bystandersMain))
	}
	os.Exit(m.Run())
}

// rushChild runs a visitors' process: main reads its orders from stdin
// and writes its answers to stdout, a JSON value a line.
func rushChild(main func(*json.Decoder, *json.Encoder) error) int {
	if err := main(json.NewDecoder(os.Stdin), json.NewEncoder(os.Stdout)); err != nil && err != io.EOF {
		fmt.Fprintln(os.Stderr, "rush visitors:", err)
		return 1
	}
	return 0
}

// rushVisitor is a signed-in visitor: its session cookie and the loopback
// address its connections come from.
type rushVisitor struct {
	Cookie string `json:"cookie"`
	Addr   string `json:"addr"`
}

// rushReply is one answer: status, error message, latency (µs); ID and
// Key are a hold's.
type rushReply struct {
	Status int    `json:"status"`
	Error  string `json:"error,omitempty"`
	Took   int64  `json:"took"`
	// At is when a bystander's request went out, µs after its "start".
	At  int64  `json:"at,omitempty"`
	ID  int64  `json:"id,omitempty"`
	Key string `json:"key,omitempty"`
}

func (r rushReply) took() time.Duration { return time.Duration(r.Took) * time.Microsecond }

// readReply reads an answer's body into r.
func (r *rushReply) readBody(raw []byte) {
	var e struct {
		Error string `json:"error"`
		Data  struct {
			ID  int64  `json:"id"`
			Key string `json:"key"`
		} `json:"data"`
	}
	if json.Unmarshal(raw, &e) == nil {
		r.Error, r.ID, r.Key = e.Error, e.Data.ID, e.Data.Key
	}
}

// racersConfig is the racers' process's first order.
type racersConfig struct {
	Host     string        `json:"host"` // 127.0.0.1:port
	Visitors []rushVisitor `json:"visitors"`
}

// racersOrder is a rush: every racer sends this hold request body. The
// process answers "set" once the requests are written out and every
// reader is waiting, and sends them at the next order, "go".
type racersOrder struct {
	Body string `json:"body"`
}

// racersOutcome is what the racers' process saw of one rush: the answers
// (in the racers' order), how long writing every request took (from the
// first write to the last), and the process's CPU time over the rush.
type racersOutcome struct {
	Replies   []rushReply `json:"replies"`
	Send      int64       `json:"sendUs"`
	ClientCPU int64       `json:"cpuUs"`
}

// racerPath is the path racer i posts its hold to: every second one asks
// in Uzbek.
func racerPath(i int) string {
	if i%2 == 1 {
		return "/api/bookings/holds?lang=uz"
	}
	return "/api/bookings/holds"
}

// racerConn is a racer's open connection.
type racerConn struct {
	conn net.Conn
	r    *bufio.Reader
}

func racersMain(in *json.Decoder, out *json.Encoder) error {
	var cfg racersConfig
	if err := in.Decode(&cfg); err != nil {
		return err
	}
	conns := make([]racerConn, len(cfg.Visitors))
	for i, v := range cfg.Visitors {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(v.Addr)}}
		c, err := d.Dial("tcp", cfg.Host)
		if err != nil {
			return err
		}
		conns[i] = racerConn{conn: c, r: bufio.NewReader(c)}
	}
	if err := out.Encode("ready"); err != nil {
		return err
	}
	for {
		var o racersOrder
		if err := in.Decode(&o); err != nil {
			return err
		}
		if err := out.Encode(race(cfg, conns, o.Body, func() error {
			var order string
			if err := out.Encode("set"); err != nil {
				return err
			}
			if err := in.Decode(&order); err != nil {
				return err
			}
			if order != "go" {
				return fmt.Errorf("racers: order %q, want go", order)
			}
			return nil
		})); err != nil {
			return err
		}
	}
}

// race sends body from every connection at once, once set returns, and
// reads the answers. The requests are made before the clock starts and
// every reader is parked on its connection, so the rush is one loop of
// writes.
func race(cfg racersConfig, conns []racerConn, body string, set func() error) racersOutcome {
	reqs := make([][]byte, len(conns))
	for i, v := range cfg.Visitors {
		reqs[i] = fmt.Appendf(nil, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nCookie: %s\r\nContent-Length: %d\r\n\r\n%s",
			racerPath(i), cfg.Host, v.Cookie, len(body), body)
	}
	var (
		out   = racersOutcome{Replies: make([]rushReply, len(conns))}
		raws  = make([][]byte, len(conns))
		wrote = make([]error, len(conns))
		wg    sync.WaitGroup
		start time.Time
		ready = make(chan struct{})
	)
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = c.conn.SetReadDeadline(time.Now().Add(30 * time.Second))
			// Blocks in the read (the network poller) until the answer
			// comes; start is set before the first write.
			resp, err := http.ReadResponse(c.r, nil)
			if err != nil {
				out.Replies[i] = rushReply{Status: -1, Error: err.Error()}
				return
			}
			raws[i], _ = io.ReadAll(resp.Body)
			resp.Body.Close()
			<-ready
			out.Replies[i] = rushReply{Status: resp.StatusCode, Took: time.Since(start).Microseconds()}
		}()
	}
	order := rand.Perm(len(conns))
	time.Sleep(20 * time.Millisecond) // every reader parked
	if err := set(); err != nil {
		fmt.Fprintln(os.Stderr, "rush racers:", err)
		os.Exit(1)
	}
	cpu := cpuTime()
	start = time.Now()
	close(ready)
	// In a new order each rush: the first written is likeliest to win,
	// and a patient holds at most MaxLiveHolds times.
	for _, i := range order {
		_, wrote[i] = conns[i].conn.Write(reqs[i])
	}
	out.Send = time.Since(start).Microseconds()
	wg.Wait()
	out.ClientCPU = (cpuTime() - cpu).Microseconds()
	for i, raw := range raws {
		if wrote[i] != nil {
			out.Replies[i] = rushReply{Status: -1, Error: wrote[i].Error()}
		}
		out.Replies[i].readBody(raw)
	}
	return out
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// bystandersConfig is the bystanders' process's first order: hold
// HoldBodies in turn (each released at once) and list SlotsPath, each
// every Pace, while a rush lasts.
type bystandersConfig struct {
	Base       string        `json:"base"`
	Visitors   []rushVisitor `json:"visitors"`
	HoldBodies []string      `json:"holdBodies"`
	SlotsPath  string        `json:"slotsPath"`
	Pace       time.Duration `json:"pace"`
}

// bystandersOutcome is what the bystanders saw from "start" to "stop".
type bystandersOutcome struct {
	Holds []rushReply `json:"holds"`
	Slots []rushReply `json:"slots"`
}

func bystandersMain(in *json.Decoder, out *json.Encoder) error {
	var cfg bystandersConfig
	if err := in.Decode(&cfg); err != nil {
		return err
	}
	clients := make([]*http.Client, len(cfg.Visitors))
	for i, v := range cfg.Visitors {
		addr := &net.TCPAddr{IP: net.ParseIP(v.Addr)}
		clients[i] = &http.Client{Transport: &http.Transport{
			DialContext:         (&net.Dialer{LocalAddr: addr}).DialContext,
			MaxIdleConnsPerHost: 1,
		}}
		// Their connections open, as the racers' are.
		if r := send(clients[i], v.Cookie, "GET", cfg.Base+cfg.SlotsPath, ""); r.Status != 200 {
			return fmt.Errorf("bystander %d: %d %q", i, r.Status, r.Error)
		}
	}
	if err := out.Encode("ready"); err != nil {
		return err
	}
	// Each hold by the next visitor, of the next time, across rushes: an
	// address makes booking.HoldsPerAddress holds an hour.
	var holds atomic.Int64
	for {
		var op string
		if err := in.Decode(&op); err != nil {
			return err
		}
		if op != "start" {
			return fmt.Errorf("bystanders: order %q, want start", op)
		}
		var (
			res   bystandersOutcome
			done  = make(chan struct{})
			wg    sync.WaitGroup
			start = time.Now()
		)
		wg.Add(2)
		go func() {
			defer wg.Done()
			every(done, cfg.Pace, func(int) {
				n := int(holds.Add(1))
				v, c := cfg.Visitors[n%len(cfg.Visitors)], clients[n%len(clients)]
				at := time.Since(start).Microseconds()
				a := send(c, v.Cookie, "POST", cfg.Base+"/api/bookings/holds", cfg.HoldBodies[n%len(cfg.HoldBodies)])
				a.At = at
				res.Holds = append(res.Holds, a)
				if a.Status == 201 {
					send(c, v.Cookie, "DELETE", fmt.Sprintf("%s/api/bookings/holds/%d?key=%s", cfg.Base, a.ID, a.Key), "")
				}
			})
		}()
		go func() {
			defer wg.Done()
			every(done, cfg.Pace, func(int) {
				at := time.Since(start).Microseconds()
				a := send(clients[0], cfg.Visitors[0].Cookie, "GET", cfg.Base+cfg.SlotsPath, "")
				a.At = at
				res.Slots = append(res.Slots, a)
			})
		}()
		if err := in.Decode(&op); err != nil {
			return err
		}
		close(done)
		wg.Wait()
		if err := out.Encode(res); err != nil {
			return err
		}
	}
}

// send makes one request as the visitor with cookie and reads the answer.
func send(client *http.Client, cookie, method, url, body string) rushReply {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		return rushReply{Status: -1, Error: err.Error()}
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Cookie", cookie)
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return rushReply{Status: -1, Error: err.Error(), Took: time.Since(start).Microseconds()}
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	r := rushReply{Status: resp.StatusCode, Took: time.Since(start).Microseconds()}
	r.readBody(raw)
	return r
}

// every calls fn(0), fn(1)... every pace from now until done closes.
func every(done <-chan struct{}, pace time.Duration, fn func(n int)) {
	tick := time.NewTicker(pace)
	defer tick.Stop()
	for n := 0; ; n++ {
		fn(n)
		select {
		case <-done:
			return
		case <-tick.C:
		}
	}
}

// rushProc is a visitors' process of this binary as the test drives it.
type rushProc struct {
	in  *json.Encoder
	out *json.Decoder
}

// startRushProc starts the visitors' process of role with its first
// order cfg and waits until its connections are open. It ends with the
// test.
func startRushProc(t testing.TB, role string, cfg any) *rushProc {
	t.Helper()
	// At the normal priority: at the lowest (nice 19, as
	// BenchmarkPageP99UnderBurst's visitors), the server's answers took
	// the cores from the writing racers and the 1,000 requests went out
	// over 30-50 ms instead of ~20: a slower rush, not a fairer one.
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), rushRoleEnv+"="+role)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	p := &rushProc{in: json.NewEncoder(stdin), out: json.NewDecoder(bufio.NewReader(stdout))}
	var ready string
	if err := p.send(cfg); err != nil {
		t.Fatal(err)
	}
	if err := p.out.Decode(&ready); err != nil || ready != "ready" {
		t.Fatalf("the %s' process did not start: %q %v", role, ready, err)
	}
	return p
}

func (p *rushProc) send(order any) error { return p.in.Encode(order) }
