package dbtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/database/dbtest"
)

func TestNewSeededIsDroppedAfterwards(t *testing.T) {
	var name string
	t.Run("use", func(t *testing.T) {
		start := time.Now()
		db := dbtest.NewSeeded(t)
		t.Logf("NewSeeded took %v", time.Since(start))
		if err := db.Get(&name, "SELECT current_database()"); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := db.Get(&n, "SELECT count(*) FROM doctors"); err != nil || n == 0 {
			t.Fatalf("doctors: %d, %v", n, err)
		}
	})
	admin, err := sqlx.Connect("postgres", dbtest.AdminURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var exists bool
	if err := admin.GetContext(context.Background(), &exists, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name); err != nil {
		t.Fatal(err)
	}
	if exists {
		t.Errorf("database %s still exists after the test", name)
	}
}
