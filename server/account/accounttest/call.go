package accounttest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
)

// App is a Fiber app for a package's API under test: errors answered as
// the server answers them (api.Write, in dict's languages), a 5xx's cause
// logged to t. config, when given, is the app's (its ErrorHandler is
// App's).
func App(t testing.TB, dict api.Translator, config ...fiber.Config) *fiber.App {
	var c fiber.Config
	if len(config) > 0 {
		c = config[0]
	}
	c.ErrorHandler = func(ctx *fiber.Ctx, err error) error {
		if api.StatusOf(err) >= 500 {
			t.Logf("%s %s: %v", ctx.Method(), ctx.Path(), err)
		}
		return api.Write(ctx, dict, err)
	}
	return fiber.New(c)
}

// Answer is an app's answer to Call, taken apart.
type Answer struct {
	Status  int
	Header  http.Header
	Cookies []*http.Cookie
	Raw     []byte
	// Body is the JSON answer decoded; nil for any other.
	Body map[string]any
}

// Data is the answer's "data" object; nil for none.
func (a Answer) Data() map[string]any { m, _ := a.Body["data"].(map[string]any); return m }

// Call sends a request to app as the user whose session token is given
// (SignIn's; "" for none): body as JSON when it is not empty, then
// headers (name, value, ...), which may replace the Content-Type or the
// Cookie. A JSON answer that does not parse fails t.
func Call(t testing.TB, app *fiber.App, method, path, body, token string, headers ...string) Answer {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.AddCookie(&http.Cookie{Name: account.TokenCookie, Value: token})
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := app.Test(req, -1)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	a := Answer{Status: resp.StatusCode, Header: resp.Header, Cookies: resp.Cookies()}
	a.Raw, _ = io.ReadAll(resp.Body)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") && len(a.Raw) > 0 {
		if err := json.Unmarshal(a.Raw, &a.Body); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, a.Raw)
		}
	}
	return a
}
