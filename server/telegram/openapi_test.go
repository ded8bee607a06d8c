package telegram

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"sogliq/server/account/accounttest"
	"sogliq/server/booking"
)

const docURL = "https://sogliq.test/api/openapi.json"

// TestOpenAPI drives the Telegram operations through their answers and
// checks each against the site's OpenAPI document (booking.OpenAPI).
func TestOpenAPI(t *testing.T) {
	f := newFixture(t)
	raw, err := jsonschema.UnmarshalJSON(bytes.NewReader(booking.OpenAPI))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(docURL, raw); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(booking.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	do := func(path, in, token string, headers ...string) answer {
		t.Helper()
		a := f.call(t, "POST", path, in, token, headers...)
		status := strconv.Itoa(a.status)
		op, _ := doc["paths"].(map[string]any)[path].(map[string]any)["post"].(map[string]any)
		resp, _ := op["responses"].(map[string]any)[status].(map[string]any)
		if resp == nil {
			t.Errorf("POST %s answered %s, which the document does not list: %s", path, status, a.raw)
			return a
		}
		seen["POST "+path+" "+status] = true
		loc := "#/paths/" + strings.ReplaceAll(path, "/", "~1") + "/post/responses/" + status
		if ref, ok := resp["$ref"].(string); ok {
			loc = ref
		}
		sch, err := c.Compile(docURL + loc + "/content/application~1json/schema")
		if err != nil {
			t.Fatalf("%s: %v", loc, err)
		}
		got, err := jsonschema.UnmarshalJSON(bytes.NewReader(a.raw))
		if err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		if err := sch.Validate(got); err != nil {
			t.Errorf("POST %s %s does not match the document: %v\n%s", path, status, err, a.raw)
		}
		return a
	}
	session, login, code := "/api/telegram/session", "/api/telegram/login", "/api/telegram/link-code"
	init := f.initData(testToken, 3001, time.Minute)
	body := func(s string) string { b, _ := json.Marshal(map[string]string{"initData": s}); return string(b) }
	do(session, body(init), "")
	f.link(t, 3001, 1)
	do(session, body(init), "")
	do(session, body(init), "")
	do(session, body(f.initData(testToken, 3001, 25*time.Hour)), "")
	do(session, "{", "")
	do(session, body(init), "", "Content-Type", "text/plain")
	do(session, body(init), "", "Sec-Fetch-Site", "cross-site")
	do(login, f.loginBody(testToken, 3002, time.Minute), "")
	do(login, f.loginBody(testToken, 3002, time.Minute), accounttest.SignIn(t, f.db, 2, f.Now()))
	do(login, f.loginBody(testToken, 3002, 2*time.Minute), accounttest.SignIn(t, f.db, 3, f.Now()))
	do(login, f.loginBody("1:x", 3002, time.Minute), "")
	do(login, "[", "")
	f.exec(t, `INSERT INTO user_roles (user_id, role, clinic_id) VALUES (3, 'staff', 1)`)
	do(code, "", accounttest.SignIn(t, f.db, 3, f.Now()))
	do(code, "", accounttest.SignIn(t, f.db, 1, f.Now()))
	do(code, "", "")
	f.app = app(t, &Handler{Store: f.h.Store, Accounts: f.h.Accounts, Dict: f.dict}, f.dict)
	do(session, body(init), "")
	do(login, "{}", "")
	do(code, "", "")

	var got []string
	for k := range seen {
		got = append(got, k)
	}
	sort.Strings(got)
	t.Logf("checked: %s", strings.Join(got, "; "))
	for _, want := range []string{
		"POST /api/telegram/session 200", "POST /api/telegram/session 400", "POST /api/telegram/session 401", "POST /api/telegram/session 403",
		"POST /api/telegram/session 404", "POST /api/telegram/session 409", "POST /api/telegram/session 415",
		"POST /api/telegram/login 200", "POST /api/telegram/login 400", "POST /api/telegram/login 401", "POST /api/telegram/login 403",
		"POST /api/telegram/login 404", "POST /api/telegram/login 409",
		"POST /api/telegram/link-code 200", "POST /api/telegram/link-code 401", "POST /api/telegram/link-code 403", "POST /api/telegram/link-code 404",
	} {
		if !seen[want] {
			t.Errorf("not exercised: %s", want)
		}
	}
}
