package editorial

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"sogliq/server/cache"
)

// PublishArgs is the job publishing a scheduled draft.
type PublishArgs struct {
	Entity string `json:"kind"`
	ID     int64  `json:"id"`
}

// Kind names the job.
func (PublishArgs) Kind() string { return "editorial_publish" }

// PublishWorker publishes scheduled drafts when due. A draft edited after
// it was scheduled is a draft again and is left alone (ErrNotDue); a
// publication refused because a required field became empty is logged.
type PublishWorker struct {
	river.WorkerDefaults[PublishArgs]
	Store              *Store
	Pages, Suggestions *cache.Cache
	Logger             *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Work publishes the job's draft if it is still scheduled and due.
func (w *PublishWorker) Work(ctx context.Context, job *river.Job[PublishArgs]) error {
	k, ok := KindNamed(job.Args.Entity)
	if !ok {
		return river.JobCancel(fmt.Errorf("editorial: unknown kind %q", job.Args.Entity))
	}
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	check := func(v Values) error {
		if m := Missing(k, v); len(m) > 0 {
			return river.JobCancel(fmt.Errorf("editorial: scheduled %s %d misses %v", k.Name, job.Args.ID, m))
		}
		return nil
	}
	_, err := PublishNow(ctx, w.Store, w.Pages, w.Suggestions, k, job.Args.ID, 0, &now, check)
	if errors.Is(err, ErrNotDue) || errors.Is(err, errNoDraft) {
		slog.Default().InfoContext(ctx, "editorial: scheduled publication not due", slog.String("kind", k.Name), slog.Int64("id", job.Args.ID))
		return nil
	}
	return err
}
