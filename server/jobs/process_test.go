package jobs_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/booking"
	"sogliq/server/database/dbtest"
	"sogliq/server/site"
)

// The test binary re-executed with workerEnv set is a server process's
// job queue (site.NewQueue, what `server serve` runs) on the database of
// SOGLIQ_TEST_DB, sending SMS to SOGLIQ_TEST_SMS, until SIGTERM or a kill.
const workerEnv = "SOGLIQ_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) != "" {
		os.Exit(runWorker())
	}
	os.Exit(m.Run())
}

func runWorker() int {
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	db, err := sqlx.Open("postgres", os.Getenv("SOGLIQ_TEST_DB"))
	if err != nil {
		logger.Error(err.Error())
		return 1
	}
	defer db.Close()
	rescue, _ := time.ParseDuration(os.Getenv("SOGLIQ_TEST_RESCUE"))
	q, err := site.NewQueue(db, site.QueueOptions{
		Work: true, SMS: &account.HTTPSender{URL: os.Getenv("SOGLIQ_TEST_SMS")}, PublicURL: "https://sogliq.test",
		PollInterval: 100 * time.Millisecond, RescueAfter: rescue, Logger: logger,
	})
	if err != nil {
		logger.Error(err.Error())
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := q.Start(ctx); err != nil {
		logger.Error(err.Error())
		return 1
	}
	fmt.Println("ready")
	<-ctx.Done()
	stopCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = q.Stop(stopCtx)
	return 0
}

// gateway counts every post by phone and Idempotency-Key; while hang is
// set it takes a post and then never answers (the gateway accepted, the
// sender waits), until the test ends.
type gateway struct {
	mu    sync.Mutex
	posts []post
	hang  bool
	hung  chan struct{}
	done  chan struct{}
}

type post struct{ Phone, Text, Key string }

func (g *gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m struct{ Phone, Text string }
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	g.mu.Lock()
	g.posts = append(g.posts, post{m.Phone, m.Text, r.Header.Get("Idempotency-Key")})
	hang := g.hang
	if hang {
		g.hang = false
		close(g.hung)
	}
	g.mu.Unlock()
	if hang {
		select {
		case <-r.Context().Done():
		case <-g.done:
		}
	}
}

func (g *gateway) got() []post {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]post(nil), g.posts...)
}

func startGateway(t *testing.T) (*gateway, string) {
	g := &gateway{hung: make(chan struct{}), done: make(chan struct{})}
	srv := httptest.NewServer(g)
	t.Cleanup(func() {
		close(g.done)
		srv.Close()
	})
	return g, srv.URL
}

// startProcess runs a worker process on db and waits until its queue runs.
func startProcess(t *testing.T, db *sqlx.DB, smsURL, rescue string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), workerEnv+"=1", "SOGLIQ_TEST_DB="+dbtest.URL(t, db), "SOGLIQ_TEST_SMS="+smsURL, "SOGLIQ_TEST_RESCUE="+rescue)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	})
	ready := make(chan bool, 1)
	go func() {
		line, _ := bufio.NewReader(out).ReadString('\n')
		ready <- strings.TrimSpace(line) == "ready"
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatal("the worker process did not start")
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the worker process did not start within a minute")
	}
	return cmd
}

// bookings makes n doctors at one clinic, each booked by their own
// patient two days ahead, on an insert-only queue (serve --no-workers):
// n confirmations queued, each then queued a second time.
func bookings(t *testing.T, db *sqlx.DB, n int) {
	t.Helper()
	if _, err := db.Exec(`INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, address_ru, address_uz, phone)
		VALUES (1, 'clinic-1', 'Клиника 1', '1-klinika', (SELECT min(id) FROM regions), 'ул. Навои, 1', 'Navoiy ko''chasi, 1', '+998 71 200-00-01')`); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO doctors (id, slug, full_name_ru, full_name_uz, gender, experience_since, region_id)
		 SELECT d, 'doctor-' || d, 'Врач ' || d, 'Shifokor ' || d, 'f', 2000, (SELECT min(id) FROM regions) FROM generate_series(1, $1::int) d`,
		`INSERT INTO doctor_clinics (doctor_id, clinic_id, price) SELECT d, 1, 100000 FROM generate_series(1, $1::int) d`,
		`INSERT INTO schedules (doctor_id, clinic_id, weekday, starts_min, ends_min, slot_min, valid_from)
		 SELECT d, 1, w, 540, 1080, 30, '2020-01-01' FROM generate_series(1, $1::int) d, generate_series(1, 7) w`,
		`INSERT INTO users (id, phone, first_name) SELECT u, '99890' || lpad(u::text, 7, '0'), 'Имя' FROM generate_series(1, $1::int) u`,
	} {
		if _, err := db.Exec(q, n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	q, err := site.NewQueue(db, site.QueueOptions{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	store := booking.NewStore(db)
	store.Queue = q
	ctx, now := context.Background(), time.Now()
	day := booking.AddDays(booking.Today(now), 2)
	start, _ := time.ParseInLocation("2006-01-02 15:04", day+" 10:00", booking.Tashkent)
	for i := 1; i <= n; i++ {
		h, err := store.Hold(ctx, booking.HoldInput{DoctorID: int64(i), ClinicID: 1, Start: start, UserID: int64(i)}, now)
		if err != nil {
			t.Fatal(err)
		}
		id, _, err := store.Book(ctx, booking.BookInput{UserID: int64(i), HoldID: h.ID, HoldKey: h.Key,
			IdempotencyKey: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), Patient: booking.Patient{Self: true}, SelfName: "Имя", Lang: "ru"}, now)
		if err != nil {
			t.Fatal(err)
		}
		tx, err := db.Begin()
		if err != nil {
			t.Fatal(err)
		}
		if err := q.InsertTx(ctx, tx, booking.NoticeArgs{AppointmentID: id, Notice: booking.NoticeConfirmed}, nil); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
}

// waitUntil polls cond with a generous deadline (a loaded machine, River's
// scheduler); nothing depends on how fast it holds.
func waitUntil(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// settled reports whether no job is due or running.
func settled(t *testing.T, db *sqlx.DB) bool {
	var n int
	if err := db.Get(&n, `SELECT count(*) FROM river_job WHERE state IN ('available', 'running') OR (state IN ('scheduled', 'retryable') AND scheduled_at <= now())`); err != nil {
		t.Fatal(err)
	}
	return n == 0
}

// TestTwoServerProcesses: two real OS processes of the server's queue on
// one database, 20 visits whose confirmation is queued twice: the
// gateway is posted each confirmation exactly once.
func TestTwoServerProcesses(t *testing.T) {
	db := dbtest.New(t)
	const n = 20
	g, url := startGateway(t)
	bookings(t, db, n)
	startProcess(t, db, url, "")
	startProcess(t, db, url, "")
	waitUntil(t, "the confirmations", 2*time.Minute, func() bool { return len(g.got()) >= n })
	waitUntil(t, "the queue to settle", 2*time.Minute, func() bool { return settled(t, db) })
	perPhone := map[string]int{}
	for _, p := range g.got() {
		perPhone[p.Phone]++
		if !strings.Contains(p.Text, "вы записаны") {
			t.Errorf("%s got %q", p.Phone, p.Text)
		}
	}
	if len(g.got()) != n || len(perPhone) != n {
		t.Errorf("%d posts to %d phones, want %d each once: %v", len(g.got()), len(perPhone), n, perPhone)
	}
}

// TestProcessKilledMidSend: a process is killed (SIGKILL) while the
// gateway holds its confirmation (accepted, unanswered): the job survives
// in the database; another process rescues it and sends it again with
// the same Idempotency-Key, so a gateway honouring the key delivers it
// once.
func TestProcessKilledMidSend(t *testing.T) {
	db := dbtest.New(t)
	g, url := startGateway(t)
	g.hang = true
	bookings(t, db, 1)
	if _, err := db.Exec(`DELETE FROM river_job WHERE id = (SELECT max(id) FROM river_job WHERE kind = 'booking_notice')`); err != nil {
		t.Fatal(err) // the duplicate: one job, one story
	}
	first := startProcess(t, db, url, "3s")
	select {
	case <-g.hung:
	case <-time.After(2 * time.Minute):
		t.Fatal("the first process never posted")
	}
	if err := first.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.Wait()
	var state string
	db.Get(&state, `SELECT state FROM river_job WHERE kind = 'booking_notice' AND args->>'notice' = 'confirmed'`)
	if state != "running" {
		t.Fatalf("after the kill the job is %q, want it left running", state)
	}
	// Rescued after 3 s, it is tried again after jobs.Backoff(1), 30 s.
	startProcess(t, db, url, "3s")
	waitUntil(t, "the second post", 3*time.Minute, func() bool { return len(g.got()) >= 2 })
	waitUntil(t, "the queue to settle", time.Minute, func() bool { return settled(t, db) })
	posts := g.got()
	if len(posts) != 2 || posts[0].Key == "" || posts[0].Key != posts[1].Key || posts[0].Text != posts[1].Text {
		t.Errorf("posts %+v: want the one notice twice with one key", posts)
	}
	db.Get(&state, `SELECT state FROM river_job WHERE kind = 'booking_notice' AND args->>'notice' = 'confirmed'`)
	var sent int
	db.Get(&sent, `SELECT count(*) FROM appointment_notices`)
	if state != "completed" || sent != 1 {
		t.Errorf("job %s, %d notice rows", state, sent)
	}
}
