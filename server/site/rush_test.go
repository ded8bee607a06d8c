package site_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
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
// per-address limits and locks see 1,000 visitors, not one. The patients
// and the bystanders are processes of their own (rushclient_test.go).
type rushRig struct {
	s *sitetest.Site
	// racers and bystanders are the visitors' processes.
	racers, bystanders *rushProc
	// target is the doctor the patients race for; bystander is another
	// doctor some visitor holds times of meanwhile; browsed is a third,
	// whose free times a listing asks for meanwhile.
	target, bystander, browsed freeTimes
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
	host := strings.TrimPrefix(r.s.URL, "http://")
	// The patients are on the doctor's page: their connections are open.
	r.racers = startRushProc(t, "racers", racersConfig{Host: host, Visitors: signInMany(t, r.s, "rush", racers, 1)})
	var holds []string
	for i := range r.bystander.starts {
		holds = append(holds, r.bystander.holdBody(i))
	}
	r.bystanders = startRushProc(t, "bystanders", bystandersConfig{
		Base: r.s.URL, Visitors: signInMany(t, r.s, "bystander", 100, 5), HoldBodies: holds,
		SlotsPath: fmt.Sprintf("/api/slots?doctors=%d&limit=3", r.browsed.doctor), Pace: bystanderPace,
	})
	for _, a := range r.rush(t, noHold).racers {
		if a.Status != 400 {
			t.Fatalf("warming the connections: %d %q", a.Status, a.Error)
		}
	}
	return r
}

// signInMany makes n users with a session each, straight in the database
// (no SMS), each coming from its own loopback address 127.{net}.x.y.
func signInMany(t testing.TB, s *sitetest.Site, name string, n int, subnet byte) []rushVisitor {
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
	out := make([]rushVisitor, n)
	for i, id := range ids {
		token := fmt.Sprintf("%s-%d", name, id)
		sum := sha256.Sum256([]byte(token))
		if _, err := s.DB.Exec(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, sum[:], id); err != nil {
			t.Fatal(err)
		}
		out[i] = rushVisitor{
			Cookie: "token=" + token,
			Addr:   net.IPv4(127, subnet, byte(1+i/250), byte(1+i%250)).String(),
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

// rushResult is what one rush saw.
type rushResult struct {
	racers []rushReply
	// holds and slots are the bystanders' answers during the rush.
	holds, slots []rushReply
	// send is how long the racers' process took to write every request;
	// clientCPU the CPU time it used over the rush, serverCPU this
	// process's (the server's, bystanders' requests included).
	send, clientCPU, serverCPU time.Duration
}

// noHold is a hold request refused before any database work (no
// doctor): a rush of it is the floor under a rush of real holds, the
// cost of 1,000 requests at once by themselves.
const noHold = `{}`

// bystanderPace is how often a bystander asks during a rush (and in the
// quiet): a steady trickle, as other visitors' requests arrive.
const bystanderPace = 20 * time.Millisecond

// rush sends every racer's hold request body at once, and meanwhile,
// every bystanderPace from the moment the requests go out until the last
// racer has its answer, holds of r.bystander's times, each released at
// once, and listings of r.browsed's first free times. It returns the
// answers.
func (r *rushRig) rush(t testing.TB, body string) rushResult {
	t.Helper()
	var (
		set  string
		race racersOutcome
		side bystandersOutcome
	)
	r.order(t, r.racers, racersOrder{Body: body}, &set)
	cpu := cpuTime()
	r.order(t, r.bystanders, "start", nil)
	r.order(t, r.racers, "go", &race)
	r.order(t, r.bystanders, "stop", &side)
	return rushResult{racers: race.Replies, holds: side.Holds, slots: side.Slots, serverCPU: cpuTime() - cpu,
		send: time.Duration(race.Send) * time.Microsecond, clientCPU: time.Duration(race.ClientCPU) * time.Microsecond}
}

// quiet is what the bystanders see over d with no rush.
func (r *rushRig) quiet(t testing.TB, d time.Duration) rushResult {
	t.Helper()
	var side bystandersOutcome
	r.order(t, r.bystanders, "start", nil)
	time.Sleep(d)
	r.order(t, r.bystanders, "stop", &side)
	return rushResult{holds: side.Holds, slots: side.Slots}
}

// order gives p an order and, answer not nil, reads its answer into it.
func (r *rushRig) order(t testing.TB, p *rushProc, order, answer any) {
	t.Helper()
	if err := p.send(order); err != nil {
		t.Fatal(err)
	}
	if answer != nil {
		if err := p.out.Decode(answer); err != nil {
			t.Fatal(err)
		}
	}
}

// loserMessages are the refusals a loser may hear, by language: the
// time went to someone else (booking.taken) or, when the winner's own
// transaction outlasted the loser's wait (booking.GateWait, a loaded
// machine), is being booked by someone else (booking.beingHeld).
var loserMessages = map[string][]string{
	"ru": {"Это время уже занято. Выберите другое.", "Это время сейчас записывает другой пациент. Выберите другое время или попробуйте через минуту."},
	"uz": {"Bu vaqt allaqachon band. Boshqa vaqtni tanlang.", "Bu vaqtga hozir boshqa bemor yozilmoqda. Boshqa vaqtni tanlang yoki bir daqiqadan keyin urinib ko'ring."},
}

// TestRushForOneTime: 1,000 signed-in patients hold one free time at
// once through the whole server: exactly one gets it, every other gets
// 409 "taken" (or "being booked") in its language (half ask in Uzbek; none a 503: losers
// fail fast instead of queueing on the doctor's lock and the pool until
// the database budget runs out), and meanwhile another doctor's times
// are held and a listing's free times answered. Timings are
// BenchmarkRush's business, not this test's (the machine is shared).
func TestRushForOneTime(t *testing.T) {
	r := newRushRig(t)
	res := r.rush(t, r.target.holdBody(0))
	counts := map[int]int{}
	for i, a := range res.racers {
		counts[a.Status]++
		lang := "ru"
		if strings.Contains(racerPath(i), "lang=uz") {
			lang = "uz"
		}
		if a.Status == 409 && !slices.Contains(loserMessages[lang], a.Error) {
			t.Errorf("racer %d (%s): 409 %q, want one of %q", i, lang, a.Error, loserMessages[lang])
		}
	}
	if counts[201] != 1 || counts[409] != racers-1 {
		t.Errorf("racers' answers %v, want 1×201 and %d×409", counts, racers-1)
	}
	if len(res.holds) == 0 || len(res.slots) == 0 {
		t.Fatalf("no bystander request during the rush: %d holds, %d listings", len(res.holds), len(res.slots))
	}
	for _, a := range res.holds {
		if a.Status != 201 {
			t.Errorf("a bystander's hold of another doctor's time: %d %q", a.Status, a.Error)
		}
	}
	for _, a := range res.slots {
		if a.Status != 200 {
			t.Errorf("another doctor's free times: %d %q", a.Status, a.Error)
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
// the patients' connections open as on the doctor's page, the patients
// and the bystanders in processes of their own (rushclient_test.go):
//
//   - loser-p50/p99/max-ms: the losers' answers (409), from the moment
//     the first request went out;
//   - 503s: racers answered 503 instead (and any other status fails);
//     being-held: losers told the time is being booked, not taken;
//   - {quiet,floor,rush}-{hold,slots}-p99-ms: a bystander's hold (then
//     released) of another doctor's times and a listing of a third
//     doctor's free times, each every 20 ms: in the quiet (1 s before
//     each rush), during a floor burst (1,000 hold requests refused
//     before any database work: what 1,000 requests at once cost by
//     themselves on this machine) and during the rushes, from the first
//     request out to the last answer in; rush-{hold,slots}-x is rush
//     over quiet, the target's ratio (≤ 2);
//   - rush-slots-n: how many listings the rushes' p99 is of;
//     rush-slots-arriving/after-p99-ms: the listings sent while the
//     racers' requests were still being written (within the longest
//     send-ms of the rushes) and those sent after;
//   - client-cpu-ms, send-ms: the racers' process's CPU time over a rush
//     and the time it took to write the 1,000 requests (medians): the
//     machine's share the patients' side takes here, which on the
//     internet is on their phones;
//   - {floor,rush}-server-cpu-ms: the server's CPU time over a floor
//     burst and a rush (medians; the bystanders' few requests included):
//     a thousandth of it is what a refused request costs;
//   - bystander-errors: bystanders' answers other than 201/200.
//
// Run: go test -run '^$' -bench BenchmarkRush -benchtime 10x -timeout 10m ./server/site/
// With RUSH_CPUPROFILE=file, the server's CPU profile over the rushes
// (and the quiets and floors between them; the setup left out) goes to
// file.
func BenchmarkRush(b *testing.B) {
	r := newRushRig(b)
	if path := os.Getenv("RUSH_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			b.Fatal(err)
		}
		defer func() {
			pprof.StopCPUProfile()
			f.Close()
		}()
	}
	var (
		losers, sends, cpus          []time.Duration
		floorCPU, rushCPU            []time.Duration
		quiet, floor, rush           rushResult
		unavailable, bystanderErrors int
		beingHeld                    int
	)
	bystanders := func(res rushResult, into *rushResult) {
		for _, a := range append(res.holds, res.slots...) {
			if a.Status != 200 && a.Status != 201 {
				if bystanderErrors++; bystanderErrors <= 3 {
					b.Logf("a bystander: %d %q", a.Status, a.Error)
				}
			}
		}
		into.holds = append(into.holds, res.holds...)
		into.slots = append(into.slots, res.slots...)
	}
	b.ResetTimer()
	for i := range min(b.N, len(r.target.starts)) {
		bystanders(r.quiet(b, time.Second), &quiet)
		fl := r.rush(b, noHold)
		bystanders(fl, &floor)
		res := r.rush(b, r.target.holdBody(i))
		for _, a := range res.racers {
			switch a.Status {
			case 201:
			case 409:
				losers = append(losers, a.took())
				if strings.HasPrefix(a.Error, "Это время сейчас") || strings.HasPrefix(a.Error, "Bu vaqtga hozir") {
					beingHeld++
				}
			case 503:
				unavailable++
			default:
				b.Errorf("a racer: %d %q", a.Status, a.Error)
			}
		}
		bystanders(res, &rush)
		sends, cpus = append(sends, res.send), append(cpus, res.clientCPU)
		floorCPU, rushCPU = append(floorCPU, fl.serverCPU), append(rushCPU, res.serverCPU)
	}
	b.StopTimer()
	b.ReportMetric(ms(at(losers, 0.5)), "loser-p50-ms")
	b.ReportMetric(ms(at(losers, 0.99)), "loser-p99-ms")
	b.ReportMetric(ms(at(losers, 1)), "loser-max-ms")
	b.ReportMetric(float64(unavailable), "503s")
	b.ReportMetric(float64(beingHeld), "being-held")
	for _, m := range []struct {
		name string
		res  rushResult
	}{{"quiet", quiet}, {"floor", floor}, {"rush", rush}} {
		b.ReportMetric(ms(at(tooks(m.res.holds), 0.99)), m.name+"-hold-p99-ms")
		b.ReportMetric(ms(at(tooks(m.res.slots), 0.99)), m.name+"-slots-p99-ms")
	}
	// Where the rushes' p99 comes from: the listings that went out while
	// the racers' requests were still being written (the burst's arrival)
	// and those after.
	arriving, after := splitAt(rush.slots, slices.Max(sends))
	b.ReportMetric(ms(at(tooks(arriving), 0.99)), "rush-slots-arriving-p99-ms")
	b.ReportMetric(ms(at(tooks(after), 0.99)), "rush-slots-after-p99-ms")
	b.ReportMetric(float64(at(tooks(rush.holds), 0.99))/float64(at(tooks(quiet.holds), 0.99)), "rush-hold-x")
	b.ReportMetric(float64(at(tooks(rush.slots), 0.99))/float64(at(tooks(quiet.slots), 0.99)), "rush-slots-x")
	b.ReportMetric(float64(len(tooks(rush.slots))), "rush-slots-n")
	b.ReportMetric(ms(at(cpus, 0.5)), "client-cpu-ms")
	b.ReportMetric(ms(at(sends, 0.5)), "send-ms")
	b.ReportMetric(ms(at(floorCPU, 0.5)), "floor-server-cpu-ms")
	b.ReportMetric(ms(at(rushCPU, 0.5)), "rush-server-cpu-ms")
	b.ReportMetric(float64(bystanderErrors), "bystander-errors")
	b.ReportMetric(0, "ns/op")
}

// at is the p quantile of samples (sorting them), -1 for none.
func at(samples []time.Duration, p float64) time.Duration {
	if len(samples) == 0 {
		return -1
	}
	slices.Sort(samples)
	return samples[min(len(samples)-1, int(p*float64(len(samples))))]
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// splitAt parts replies into those sent before d into their window and
// the others.
func splitAt(replies []rushReply, d time.Duration) (before, after []rushReply) {
	for _, a := range replies {
		if time.Duration(a.At)*time.Microsecond < d {
			before = append(before, a)
		} else {
			after = append(after, a)
		}
	}
	return before, after
}

// tooks are the latencies of the answers that succeeded.
func tooks(replies []rushReply) []time.Duration {
	var out []time.Duration
	for _, a := range replies {
		if a.Status == 200 || a.Status == 201 {
			out = append(out, a.took())
		}
	}
	return out
}
