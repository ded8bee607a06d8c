package site_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"sogliq/server/database"
	"sogliq/server/database/dbtest"
	"sogliq/server/site/sitetest"
)

// racers is how many signed-in patients race for one free time.
const racers = 1000

// rushRig is the site as production runs it (the serving pool of 32
// connections with its statement timeout, the 1.5 s database budget)
// with racers patients and a few bystanders signed in, each patient
// from an address of its own on loopback (127.0.0.0/8), so the holds'
// per-address limits and locks see 1,000 visitors, not one.
type rushRig struct {
	s *sitetest.Site
	// racers[i] and bystanders[i] are signed-in visitors.
	racers, bystanders []visitor
	// target is the doctor the patients race for; bystander is another
	// doctor some visitor holds times of meanwhile; browsed is a third,
	// whose free times a listing asks for meanwhile.
	target, bystander, browsed freeTimes
}

// visitor is a signed-in visitor with a client of its own address.
type visitor struct {
	client *http.Client
	cookie string
}

// freeTimes are a doctor's free times at one clinic, soonest first.
type freeTimes struct {
	doctor, clinic int64
	starts         []string
}

// holdBody is the hold request of a free time.
func (f freeTimes) holdBody(i int) string {
	return fmt.Sprintf(`{"doctorId":%d,"clinicId":%d,"start":%q}`, f.doctor, f.clinic, f.starts[i])
}

func newRushRig(t testing.TB) *rushRig {
	t.Helper()
	db := dbtest.NewSeeded(t)
	serving, err := database.OpenServing(context.Background(), dbtest.URL(t, db), database.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { serving.Close() })
	r := &rushRig{s: sitetest.StartWithDB(t, db, sitetest.Options{Serving: serving})}
	r.racers = signInMany(t, r.s, "rush", racers, 1)
	r.bystanders = signInMany(t, r.s, "bystander", 100, 5)
	var doctors []freeTimes
	for id := int64(1); id <= 20 && len(doctors) < 3; id++ {
		if f := doctorFreeTimes(t, r.s, id); len(f.starts) >= 40 {
			doctors = append(doctors, f)
		}
	}
	if len(doctors) < 3 {
		t.Fatal("fewer than 3 doctors with 40 free times among doctors 1-20")
	}
	r.target, r.bystander, r.browsed = doctors[0], doctors[1], doctors[2]
	// The patients are on the doctor's page: their connections are open.
	for _, a := range r.rush(t, r.racers, noHold, 0).racers {
		if a.status != 400 {
			t.Fatalf("warming the connections: %d %q", a.status, a.err)
		}
	}
	return r
}

// signInMany makes n users with a session each, straight in the database
// (no SMS), each with a client from its own loopback address 127.{net}.x.y.
func signInMany(t testing.TB, s *sitetest.Site, name string, n int, subnet byte) []visitor {
	t.Helper()
	const q = `
		INSERT INTO users (phone, first_name)
		SELECT '99877' || $2::int || lpad(g::text, 6, '0'), $1
		FROM generate_series(1, $3::int) g
		RETURNING id`
	var ids []int64
	if err := s.DB.Select(&ids, q, name, subnet, n); err != nil {
		t.Fatal(err)
	}
	out := make([]visitor, n)
	for i, id := range ids {
		token := fmt.Sprintf("%s-%d", name, id)
		sum := sha256.Sum256([]byte(token))
		if _, err := s.DB.Exec(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, sum[:], id); err != nil {
			t.Fatal(err)
		}
		addr := &net.TCPAddr{IP: net.IPv4(127, subnet, byte(1+i/250), byte(1+i%250))}
		out[i] = visitor{
			client: &http.Client{Transport: &http.Transport{
				DialContext:         (&net.Dialer{LocalAddr: addr}).DialContext,
				MaxIdleConnsPerHost: 1,
			}},
			cookie: "token=" + token,
		}
	}
	return out
}

// doctorFreeTimes are the free times of doctor id at its first clinic
// with any over the next 14 days.
func doctorFreeTimes(t testing.TB, s *sitetest.Site, id int64) freeTimes {
	t.Helper()
	var slots struct {
		Data struct {
			Clinics []struct {
				ClinicID int64 `json:"clinicId"`
				Days     []struct {
					Slots []struct {
						Start string `json:"start"`
					} `json:"slots"`
				} `json:"days"`
			} `json:"clinics"`
		} `json:"data"`
	}
	p := sitetest.Get(t, fmt.Sprintf("%s/api/doctors/%d/slots?days=14", s.URL, id))
	if p.Resp.StatusCode != 200 {
		return freeTimes{}
	}
	if err := json.Unmarshal([]byte(p.Body), &slots); err != nil {
		t.Fatal(err)
	}
	for _, c := range slots.Data.Clinics {
		f := freeTimes{doctor: id, clinic: c.ClinicID}
		for _, d := range c.Days {
			for _, sl := range d.Slots {
				// Not today's: the lead time may overtake them during the test.
				if len(f.starts) > 0 || !strings.HasPrefix(sl.Start, time.Now().In(tashkent).Format("2006-01-02")) {
					f.starts = append(f.starts, sl.Start)
				}
			}
		}
		if len(f.starts) > 0 {
			return f
		}
	}
	return freeTimes{}
}

var tashkent = time.FixedZone("Asia/Tashkent", 5*3600)

// reply is one answer: status, error message, latency.
type reply struct {
	status int
	err    string
	took   time.Duration
	// id and key are a hold's.
	id  int64
	key string
}

// do sends a request as v and reads the answer.
func (v visitor) do(t testing.TB, method, url, body string) reply {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Cookie", v.cookie)
	start := time.Now()
	resp, err := v.client.Do(req)
	if err != nil {
		t.Errorf("%s %s: %v", method, url, err)
		return reply{status: -1, took: time.Since(start)}
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	rp := reply{status: resp.StatusCode, took: time.Since(start)}
	var e struct {
		Error string `json:"error"`
		Data  struct {
			ID  int64  `json:"id"`
			Key string `json:"key"`
		} `json:"data"`
	}
	if json.Unmarshal(raw, &e) == nil {
		rp.err, rp.id, rp.key = e.Error, e.Data.ID, e.Data.Key
	}
	return rp
}

// rushResult is what one rush saw.
type rushResult struct {
	racers []reply
	// holds and slots are the bystanders' answers during the rush.
	holds, slots []reply
}

// noHold is a hold request refused before any database work (no
// doctor): a rush of it is the floor under a rush of real holds, the
// cost of 1,000 requests at once by themselves.
const noHold = `{}`

// bystanderPace is how often a bystander asks during a rush (and in the
// quiet): a steady trickle, as other visitors' requests arrive.
const bystanderPace = 20 * time.Millisecond

// rush sends every racer's hold request body at once (racers nil: none,
// the quiet), and meanwhile, every bystanderPace until the last
// racer has its answer (or for quiet), holds of r.bystander's times, each
// released at once, and listings of r.browsed's first free times. It
// returns the answers.
func (r *rushRig) rush(t testing.TB, racers []visitor, body string, quiet time.Duration) rushResult {
	t.Helper()
	var (
		out   = rushResult{racers: make([]reply, len(racers))}
		wg    sync.WaitGroup
		start = make(chan struct{})
		done  = make(chan struct{})
		side  sync.WaitGroup
		holds = r.s.URL + "/api/bookings/holds"
	)
	for n, v := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out.racers[n] = v.do(t, "POST", holds, body)
		}()
	}
	side.Add(2)
	go func() {
		defer side.Done()
		<-start
		every(done, bystanderPace, func(n int) {
			b := r.bystanders[n%len(r.bystanders)]
			a := b.do(t, "POST", holds, r.bystander.holdBody(n%len(r.bystander.starts)))
			out.holds = append(out.holds, a)
			if a.status == 201 {
				b.do(t, "DELETE", fmt.Sprintf("%s/%d?key=%s", holds, a.id, a.key), "")
			}
		})
	}()
	go func() {
		defer side.Done()
		<-start
		url := fmt.Sprintf("%s/api/slots?doctors=%d&limit=3", r.s.URL, r.browsed.doctor)
		every(done, bystanderPace, func(int) {
			out.slots = append(out.slots, r.bystanders[0].do(t, "GET", url, ""))
		})
	}()
	close(start)
	if len(racers) == 0 {
		time.Sleep(quiet)
	}
	wg.Wait()
	close(done)
	side.Wait()
	return out
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

// TestRushForOneTime: 1,000 signed-in patients hold one free time at
// once through the whole server: exactly one gets it, every other gets
// 409 "taken" (none a 503: losers fail fast instead of queueing on the
// doctor's lock and the pool until the database budget runs out), and
// meanwhile another doctor's times are held and a listing's free times
// answered. Timings are BenchmarkRush's business, not this test's (the
// machine is shared).
func TestRushForOneTime(t *testing.T) {
	r := newRushRig(t)
	res := r.rush(t, r.racers, r.target.holdBody(0), 0)
	counts := map[int]int{}
	for i, a := range res.racers {
		counts[a.status]++
		if a.status == 409 && a.err != "Это время уже занято. Выберите другое." {
			t.Errorf("racer %d: 409 %q", i, a.err)
		}
	}
	if counts[201] != 1 || counts[409] != racers-1 {
		t.Errorf("racers' answers %v, want 1×201 and %d×409", counts, racers-1)
	}
	if len(res.holds) == 0 || len(res.slots) == 0 {
		t.Fatalf("no bystander request during the rush: %d holds, %d listings", len(res.holds), len(res.slots))
	}
	for _, a := range res.holds {
		if a.status != 201 {
			t.Errorf("a bystander's hold of another doctor's time: %d %q", a.status, a.err)
		}
	}
	for _, a := range res.slots {
		if a.status != 200 {
			t.Errorf("another doctor's free times: %d %q", a.status, a.err)
		}
	}
	var n int
	if err := r.s.DB.Get(&n, `SELECT count(*) FROM appointments WHERE doctor_id = $1 AND lower(during) = $2`, r.target.doctor, r.target.starts[0]); err != nil || n != 1 {
		t.Errorf("%d rows of the raced time (%v), want 1", n, err)
	}
	t.Logf("%d bystander holds, %d listings during the rush", len(res.holds), len(res.slots))
}

// BenchmarkRush: the figures of TestRushForOneTime's rush, one rush of
// 1,000 racers per iteration (each for a new time of the same doctor),
// the patients' connections open as on the doctor's page:
//
//   - loser-p50/p99/max-ms: the losers' answers (409), from the start;
//   - 503s: racers answered 503 instead (and any other status fails);
//   - {quiet,floor,rush}-{hold,slots}-p99-ms: a bystander's hold (then
//     released) of another doctor's times and a listing of a third
//     doctor's free times, every 20 ms: in the quiet (3 s), during a
//     floor burst (1,000 hold requests refused before any database work:
//     what 1,000 requests at once cost by themselves on this machine,
//     client included) and during the rushes;
//   - bystander-errors: bystanders' answers other than 201/200.
//
// Run: go test -run '^$' -bench BenchmarkRush -benchtime 3x ./server/site/
func BenchmarkRush(b *testing.B) {
	r := newRushRig(b)
	quiet := r.rush(b, nil, "", 3*time.Second)
	var (
		losers                       []time.Duration
		floor, rush                  rushResult
		unavailable, bystanderErrors int
	)
	bystanders := func(res rushResult, into *rushResult) {
		for _, a := range append(res.holds, res.slots...) {
			if a.status != 200 && a.status != 201 {
				bystanderErrors++
			}
		}
		into.holds = append(into.holds, res.holds...)
		into.slots = append(into.slots, res.slots...)
	}
	b.ResetTimer()
	for i := range min(b.N, len(r.target.starts)) {
		bystanders(r.rush(b, r.racers, noHold, 0), &floor)
		res := r.rush(b, r.racers, r.target.holdBody(i), 0)
		for _, a := range res.racers {
			switch a.status {
			case 201:
			case 409:
				losers = append(losers, a.took)
			case 503:
				unavailable++
			default:
				b.Errorf("a racer: %d %q", a.status, a.err)
			}
		}
		bystanders(res, &rush)
	}
	b.StopTimer()
	at := func(samples []time.Duration, p float64) float64 {
		if len(samples) == 0 {
			return -1
		}
		slices.Sort(samples)
		return float64(samples[min(len(samples)-1, int(p*float64(len(samples))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(losers, 0.5), "loser-p50-ms")
	b.ReportMetric(at(losers, 0.99), "loser-p99-ms")
	b.ReportMetric(at(losers, 1), "loser-max-ms")
	b.ReportMetric(float64(unavailable), "503s")
	for _, m := range []struct {
		name string
		res  rushResult
	}{{"quiet", quiet}, {"floor", floor}, {"rush", rush}} {
		b.ReportMetric(at(tooks(m.res.holds), 0.99), m.name+"-hold-p99-ms")
		b.ReportMetric(at(tooks(m.res.slots), 0.99), m.name+"-slots-p99-ms")
	}
	b.ReportMetric(float64(bystanderErrors), "bystander-errors")
	b.ReportMetric(0, "ns/op")
}

// tooks are the latencies of the answers that succeeded.
func tooks(replies []reply) []time.Duration {
	var out []time.Duration
	for _, a := range replies {
		if a.status == 200 || a.status == 201 {
			out = append(out, a.took)
		}
	}
	return out
}
