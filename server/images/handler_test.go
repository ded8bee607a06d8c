package images

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gofiber/fiber/v2"
)

func TestHandler(t *testing.T) {
	store := Disk{Dir: t.TempDir()}
	img, err := New(store, nil).Put(context.Background(), encodePNG(t, halves(100, 100)), ClinicLogo)
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New()
	(&Handler{Store: store}).Register(app)
	one, two := URL(img.Hash, Logo, 1), URL(img.Hash, Logo, 2)
	for _, test := range []struct {
		name, path, ifNoneMatch string
		status                  int
	}{
		{"1x", one, "", 200},
		{"2x", two, "", 200},
		{"revalidated", one, `"` + img.Hash[:16] + "-" + fileName(Logo, 1) + `"`, 304},
		{"size it was not encoded at", URL(img.Hash, Banner, 1), "", 404},
		{"unknown size", Prefix + img.Hash + "/huge-96x96.webp", "", 404},
		{"size with another box", Prefix + img.Hash + "/logo-10x10.webp", "", 404},
		{"3x", Prefix + img.Hash + "/logo-96x96@3x.webp", "", 404},
		{"the original", Prefix + img.Hash + "/original.png", "", 404},
		{"bad hash", Prefix + "..%2f..%2fetc/logo-96x96.webp", "", 404},
		{"unknown hash", URL(Hash([]byte("x")), Logo, 1), "", 404},
	} {
		t.Run(test.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, test.path, nil)
			if test.ifNoneMatch != "" {
				req.Header.Set("If-None-Match", test.ifNoneMatch)
			}
			resp, err := app.Test(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != test.status {
				t.Fatalf("GET %s: %d, want %d", test.path, resp.StatusCode, test.status)
			}
			if test.status == 404 {
				return
			}
			if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
				t.Errorf("Cache-Control %q", cc)
			}
			if resp.Header.Get("ETag") == "" {
				t.Error("no ETag")
			}
			if test.status == 200 {
				if ct := resp.Header.Get("Content-Type"); ct != "image/webp" {
					t.Errorf("Content-Type %q", ct)
				}
				decodeWebP(t, body)
			}
		})
	}
}
