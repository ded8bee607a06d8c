package database

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestStartPrivate starts a private cluster in a temporary directory (a
// unix socket there, no TCP port, so it meets no other server; about 2 s).
// It needs the PostgreSQL binaries: a local run without them skips loudly,
// a run with CI set fails.
func TestStartPrivate(t *testing.T) {
	if _, _, ok := findBinaries(); !ok {
		if os.Getenv("CI") != "" {
			t.Fatal("initdb and pg_ctl are not installed (required when CI is set)")
		}
		t.Skip("\n!!!!! SKIPPING: initdb and pg_ctl are not installed; with CI set this fails\n")
	}
	dir := t.TempDir()
	// As root the cluster runs as postgres, who must reach the directory.
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	ctx := context.Background()
	db, err := startPrivate(ctx, slog.Default(), errors.New("test"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Close()
		_, pgctl, _ := findBinaries()
		args := []string{pgctl, "-D", filepath.Join(dir, ".data", "pg"), "-m", "fast", "stop"}
		if os.Geteuid() == 0 {
			args = append([]string{"runuser", "-u", "postgres", "--"}, args...)
		}
		if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
			t.Errorf("stopping: %v: %s", err, out)
		}
	})
	if err := Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.GetContext(ctx, &n, "SELECT count(*) FROM regions"); err != nil || n != 14 {
		t.Errorf("regions: %d, %v", n, err)
	}
}
