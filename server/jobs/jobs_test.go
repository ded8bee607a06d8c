package jobs

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"sogliq/server/database/dbtest"
)

type echoArgs struct {
	N    int  `json:"n"`
	Fail bool `json:"fail"`
}

func (echoArgs) Kind() string { return "test_echo" }

type echoWorker struct {
	river.WorkerDefaults[echoArgs]
	mu   sync.Mutex
	seen []int
}

func (w *echoWorker) Work(ctx context.Context, job *river.Job[echoArgs]) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seen = append(w.seen, job.Args.N)
	return nil
}

func (w *echoWorker) got() []int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]int(nil), w.seen...)
}

// TestInsertInTransaction: a job inserted in a transaction that rolls
// back never exists; one that commits runs once.
func TestInsertInTransaction(t *testing.T) {
	db := dbtest.New(t)
	ctx := context.Background()
	w := &echoWorker{}
	workers := river.NewWorkers()
	river.AddWorker(workers, w)
	q, err := New(db.DB, Config{Work: true, Workers: workers, PollInterval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	for _, commit := range []bool{false, true} {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		n := 1
		if commit {
			n = 2
		}
		if err := q.InsertTx(ctx, tx, echoArgs{N: n}, nil); err != nil {
			t.Fatal(err)
		}
		if commit {
			err = tx.Commit()
		} else {
			err = tx.Rollback()
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer q.Stop(ctx)
	waitFor(t, "the committed job", func() bool { return len(w.got()) > 0 })
	var states []string
	if err := db.Select(&states, `SELECT state::text FROM river_job ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if got := w.got(); len(got) != 1 || got[0] != 2 || len(states) != 1 {
		t.Errorf("worked %v, rows %v; want [2] and one row", got, states)
	}
}

// TestBackoff: 30 s doubling, capped at 4 h.
func TestBackoff(t *testing.T) {
	for _, test := range []struct {
		n    int
		want time.Duration
	}{{1, 30 * time.Second}, {2, time.Minute}, {3, 2 * time.Minute}, {6, 16 * time.Minute}, {10, 4 * time.Hour}, {40, 4 * time.Hour}} {
		if got := Backoff(test.n); got != test.want {
			t.Errorf("Backoff(%d) = %v, want %v", test.n, got, test.want)
		}
	}
}

// waitFor polls cond until it holds; the deadline is generous (a slow
// shared machine), the test never depends on how fast it holds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}
