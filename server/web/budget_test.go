package web

import (
	"io"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
)

// TestDatabaseBudget: a visitor's request gets DBBudget, staff work (the
// editor's publishing and uploads) the longer StaffBudget, and a call out
// to another service no deadline of ours.
func TestDatabaseBudget(t *testing.T) {
	s := &Server{Deps: Deps{
		DBBudget:      time.Second,
		StaffBudget:   time.Hour,
		StaffPaths:    []string{"/api/editor/"},
		OutboundPaths: []string{"/api/consultant/"},
	}}
	app := fiber.New()
	app.Use(s.databaseBudget)
	app.Use(func(c *fiber.Ctx) error {
		deadline, ok := c.UserContext().Deadline()
		if !ok {
			return c.SendString("none")
		}
		return c.SendString(time.Until(deadline).Round(time.Minute).String())
	})
	for path, want := range map[string]string{
		"/doctors":                   "0s",
		"/api/editor/doctor/1/draft": "1h0m0s",
		"/api/editor/images":         "1h0m0s",
		"/api/editorial":             "0s",
		"/api/consultant/ask":        "none",
	} {
		resp, err := app.Test(httptest.NewRequest("GET", path, nil))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		if string(got) != want {
			t.Errorf("%s: deadline in %s, want %s", path, got, want)
		}
	}
}
