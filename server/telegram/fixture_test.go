package telegram

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/account/accounttest"
	"sogliq/server/account/smstest"
	"sogliq/server/booking"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
	"sogliq/server/jobs"
	"sogliq/server/role"
	"sogliq/server/telegram/telegramtest"
)

const hookSecret = "hook-secret_1"

// fixture: clinic 1 with doctor 1; users 1-3 with phones 99890000000N;
// its clock starts at the wall clock (River's rescuer reads that one);
// the handler on a fake Bot API, signed with testToken.
type fixture struct {
	db   *sqlx.DB
	dict *i18n.Dict
	api  *telegramtest.Server
	sms  *smstest.Gateway
	bot  *Bot
	h    *Handler
	app  *fiber.App
	// The clock of the handlers, the queue and the workers (Now, Advance, Set).
	*jobs.ManualClock
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{db: dbtest.New(t), dict: dict, api: telegramtest.Start(t), sms: smstest.Start(t), ManualClock: jobs.NewManualClock(time.Now().Truncate(time.Second))}
	f.exec(t, `INSERT INTO clinics (id, slug, name_ru, name_uz, region_id, address_ru, address_uz, phone)
		VALUES (1, 'clinic-1', 'Клиника 1', '1-klinika', (SELECT min(id) FROM regions), 'ул. Навои, 1', 'Navoiy ko''chasi, 1', '+998 71 200-00-01')`)
	f.exec(t, `INSERT INTO doctors (id, slug, full_name_ru, full_name_uz, gender, experience_since, region_id)
		VALUES (1, 'doctor-1', 'Врач Один', 'Shifokor Bir', 'f', 2000, (SELECT min(id) FROM regions))`)
	f.exec(t, `INSERT INTO doctor_clinics (doctor_id, clinic_id, price) VALUES (1, 1, 150000)`)
	f.exec(t, `INSERT INTO users (id, phone, first_name, registered_at)
		SELECT n, '99890000000' || n, 'Имя' || n, now() FROM generate_series(1, 3) n`)
	f.exec(t, `SELECT setval(pg_get_serial_sequence('users', 'id'), 100)`)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	f.bot = &Bot{APIURL: f.api.URL, Token: testToken, Name: "sogliq_test_bot"}
	accounts := account.NewStore(f.db)
	f.h = &Handler{
		Bot: f.bot, Store: NewStore(f.db), WebhookSecret: hookSecret, Accounts: accounts,
		Account:  &account.Handler{Store: accounts, Dict: dict, Logger: logger},
		Bookings: booking.NewStore(f.db), Roles: role.NewStore(f.db), Dict: dict,
		PublicURL: "https://sogliq.test", Logger: logger, Now: f.Now,
	}
	f.app = app(t, f.h, dict)
	return f
}

// app serves h as the server does: the API's errors in the caller's
// language, a 5xx's cause logged.
func app(t testing.TB, h *Handler, dict *i18n.Dict) *fiber.App {
	a := accounttest.App(t, dict)
	h.Register(a)
	return a
}

func (f *fixture) exec(t testing.TB, q string, args ...any) {
	t.Helper()
	dbtest.Exec(t, f.db, q, args...)
}

func (f *fixture) count(t testing.TB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := f.db.GetContext(context.Background(), &n, q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// initData is a Mini App's initData of Telegram user id, signed with
// token at the fixture's clock minus age.
func (f *fixture) initData(token string, id int64, age time.Duration) string {
	return SignInitData(token, map[string]string{
		"query_id":  fmt.Sprintf("AAq%d-%d", id, f.Now().Add(-age).UnixNano()),
		"user":      fmt.Sprintf(`{"id":%d,"first_name":"Test","username":"u%d","language_code":"ru"}`, id, id),
		"auth_date": strconv.FormatInt(f.Now().Add(-age).Unix(), 10),
	})
}

// answer is an API answer taken apart.
type answer struct {
	status  int
	raw     []byte
	body    map[string]any
	cookies []*http.Cookie
	header  http.Header
}

func (a answer) data() map[string]any { m, _ := a.body["data"].(map[string]any); return m }

func (a answer) cookie(name string) string {
	for _, c := range a.cookies {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// call sends a request with the session token ("" for none) and
// headers (name, value, ...).
func (f *fixture) call(t testing.TB, method, path, body, token string, headers ...string) answer {
	t.Helper()
	a := accounttest.Call(t, f.app, method, path, body, token, headers...)
	return answer{status: a.Status, raw: a.Raw, body: a.Body, cookies: a.Cookies, header: a.Header}
}

// session posts initData to the Mini App's sign-in.
func (f *fixture) session(t testing.TB, initData, lang string) answer {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"initData": initData})
	return f.call(t, "POST", "/api/telegram/session?lang="+lang, string(body), "")
}

// update posts a webhook update with the secret.
func (f *fixture) update(t testing.TB, u string) answer {
	t.Helper()
	return f.call(t, "POST", "/api/telegram/webhook", u, "", "X-Telegram-Bot-Api-Secret-Token", hookSecret)
}

// contact is the update of Telegram user from sharing phone as owner's.
func contact(update, from, owner int64, phone string) string {
	return fmt.Sprintf(`{"update_id": %d, "message": {"message_id": 1, "from": {"id": %d, "first_name": "T"},
		"chat": {"id": %d, "type": "private"}, "contact": {"phone_number": %q, "user_id": %d}}}`, update, from, from, phone, owner)
}

// text is the update of Telegram user from writing text.
func text(update, from int64, lang, s string) string {
	return fmt.Sprintf(`{"update_id": %d, "message": {"message_id": 1, "from": {"id": %d, "first_name": "T", "language_code": %q},
		"chat": {"id": %d, "type": "private"}, "text": %q}}`, update, from, lang, from, s)
}

// press is the update of Telegram user from pressing a button with data.
func press(update, from int64, data string) string {
	return fmt.Sprintf(`{"update_id": %d, "callback_query": {"id": "cb%d", "from": {"id": %d, "first_name": "T"},
		"message": {"message_id": 5, "chat": {"id": %d, "type": "private"}}, "data": %q}}`, update, update, from, from, data)
}

// link links Telegram user tg to account user.
func (f *fixture) link(t testing.TB, tg, user int64) {
	t.Helper()
	if err := f.h.Store.LinkUser(context.Background(), User{ID: tg}, user, f.Now()); err != nil {
		t.Fatal(err)
	}
}

// visit books a visit of user with doctor 1 at clinic 1 starting after
// the fixture's clock by in; its history's "booked" row too.
func (f *fixture) visit(t testing.TB, user int64, in time.Duration) int64 {
	t.Helper()
	var id int64
	start := f.Now().Add(in)
	const q = `
		INSERT INTO appointments (doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_key, booked_at, created_at, updated_at)
		VALUES (1, 1, tstzrange($1::timestamptz, $1::timestamptz + interval '30 minutes'), 'booked', $1, $2, 150000, true, 'self', $3, $3, $3)
		RETURNING id`
	if err := f.db.Get(&id, q, start, user, f.Now()); err != nil {
		t.Fatal(err)
	}
	f.exec(t, `INSERT INTO appointment_history (appointment_id, status, at, actor, actor_user_id) VALUES ($1, 'booked', $2, 'patient', $3)`, id, f.Now(), user)
	return id
}

// waitFor polls cond until it holds (a generous deadline for a slow
// shared machine).
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

// itoa is strconv.FormatInt for ids.
func itoa(n int64) string { return strconv.FormatInt(n, 10) }
