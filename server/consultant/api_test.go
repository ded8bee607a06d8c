package consultant

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/go-cmp/cmp"
	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
	"sogliq/server/account/accounttest"
	"sogliq/server/api"
	"sogliq/server/consultant/llmtest"
	"sogliq/server/database/dbtest"
	"sogliq/server/i18n"
)

var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

type fixture struct {
	app   *fiber.App
	db    *sqlx.DB
	llm   *llmtest.Server
	store *Store
	clock time.Time
}

func newFixture(t *testing.T, withModel bool) *fixture {
	t.Helper()
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	db := dbtest.New(t)
	f := &fixture{db: db, llm: llmtest.Start(t), store: NewStore(db), clock: t0}
	h := &Handler{Store: f.store, Accounts: account.NewStore(db),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return f.clock }}
	if withModel {
		h.Model = &OpenAIModel{URL: f.llm.URL, Key: "k", Model: "test-model"}
	}
	f.app = fiber.New(fiber.Config{ErrorHandler: api.ErrorHandler(dict)})
	h.Register(f.app)
	return f
}

// session signs a user in through the account store and returns the
// Cookie header and the user id.
func (f *fixture) session(t *testing.T, phone string) (string, int64) {
	t.Helper()
	accounts := account.NewStore(f.db)
	var code string
	if err := accounts.IssueCode(context.Background(), phone, "", t0, func(c string) error { code = c; return nil }); err != nil {
		t.Fatal(err)
	}
	s, err := accounts.Verify(context.Background(), phone, code, "", t0)
	if err != nil {
		t.Fatal(err)
	}
	return account.TokenCookie + "=" + s.Token, s.UserID
}

type reply struct {
	status int
	Data   struct {
		ID       int64     `json:"id"`
		Messages []Message `json:"messages"`
	} `json:"data"`
	Error string `json:"error"`
}

func (f *fixture) post(t *testing.T, path, body, cookie string) reply {
	t.Helper()
	a := accounttest.Call(t, f.app, http.MethodPost, path, body, "", "Content-Type", "application/json", "Cookie", cookie)
	r := reply{status: a.Status}
	if err := json.Unmarshal(a.Raw, &r); err != nil {
		t.Fatalf("POST %s: %d, %v", path, a.Status, err)
	}
	return r
}

func TestAsk(t *testing.T) {
	f := newFixture(t, true)
	cookie, user := f.session(t, "998901234567")

	r := f.post(t, "/api/consultant/chats?lang=uz", `{"message":"  Boshim og'riyapti  "}`, cookie)
	if r.status != 201 {
		t.Fatalf("new chat: %d %s", r.status, r.Error)
	}
	want := []Message{{"user", "Boshim og'riyapti"}, {"assistant", llmtest.Answer("uz", 1, "Boshim og'riyapti")}}
	if diff := cmp.Diff(want, r.Data.Messages); diff != "" {
		t.Errorf("new chat (-want +got):\n%s", diff)
	}
	id := r.Data.ID

	f.clock = t0.Add(time.Minute)
	r = f.post(t, fmt.Sprintf("/api/consultant/chats/%d/messages", id), `{"message":"А если температура?"}`, cookie)
	if r.status != 200 {
		t.Fatalf("next question: %d %s", r.status, r.Error)
	}
	// The model saw the whole chat: two earlier messages and the question.
	if got, want := r.Data.Messages[1].Content, llmtest.Answer("ru", 3, "А если температура?"); got != want {
		t.Errorf("answer %q, want %q", got, want)
	}
	req := f.llm.Requests()[1]
	if req.Model != "test-model" || req.Auth != "Bearer k" || !strings.HasPrefix(req.Messages[0].Content, "Ты — медицинский консультант") {
		t.Errorf("model request: %s %q %.40q", req.Model, req.Auth, req.Messages[0].Content)
	}

	chat, err := f.store.Chat(context.Background(), user, id)
	if err != nil {
		t.Fatal(err)
	}
	if chat.Title != "Boshim og'riyapti" || len(chat.Messages) != 4 || !chat.UpdatedAt.Equal(t0.Add(time.Minute)) {
		t.Errorf("stored chat %+v", chat)
	}
	chats, err := f.store.Chats(context.Background(), user)
	if err != nil || len(chats) != 1 || chats[0].ID != id {
		t.Errorf("Chats = %+v, %v", chats, err)
	}
}

func TestAskRefusals(t *testing.T) {
	f := newFixture(t, true)
	cookie, _ := f.session(t, "998901234567")
	other, _ := f.session(t, "998907654321")
	r := f.post(t, "/api/consultant/chats", `{"message":"вопрос"}`, cookie)
	if r.status != 201 {
		t.Fatalf("%d %s", r.status, r.Error)
	}
	theirs := fmt.Sprintf("/api/consultant/chats/%d/messages", r.Data.ID)
	for _, test := range []struct {
		name, path, body, cookie string
		status                   int
		message                  string
	}{
		{"signed out", "/api/consultant/chats", `{"message":"x"}`, "", 401, "Сеанс завершён. Войдите снова."},
		{"not JSON", "/api/consultant/chats", `message=x`, cookie, 400, "Не удалось прочитать запрос: ожидается JSON."},
		{"empty", "/api/consultant/chats?lang=uz", `{"message":"   "}`, cookie, 400, "Savolingizni yozing."},
		{"too long", "/api/consultant/chats", `{"message":"` + strings.Repeat("я", MaxQuestion+1) + `"}`, cookie, 400, "Вопрос длиннее 2000 символов: сократите его."},
		{"another's chat", theirs, `{"message":"x"}`, other, 404, "Чат не найден."},
		{"no such chat", "/api/consultant/chats/999999/messages", `{"message":"x"}`, cookie, 404, "Чат не найден."},
		{"not an id", "/api/consultant/chats/abc/messages", `{"message":"x"}`, cookie, 404, "Чат не найден."},
	} {
		t.Run(test.name, func(t *testing.T) {
			r := f.post(t, test.path, test.body, test.cookie)
			if r.status != test.status || r.Error != test.message {
				t.Errorf("%d %q, want %d %q", r.status, r.Error, test.status, test.message)
			}
		})
	}
	if n := len(f.llm.Requests()); n != 1 {
		t.Errorf("the model was asked %d times, want once (refusals never reach it)", n)
	}
}

func TestModelFailureStoresNothing(t *testing.T) {
	f := newFixture(t, true)
	cookie, user := f.session(t, "998901234567")
	f.llm.SetFailing(true)
	r := f.post(t, "/api/consultant/chats?lang=uz", `{"message":"savol"}`, cookie)
	if r.status != 502 || r.Error != "Maslahatchi javob bermadi. Qaytadan urinib ko'ring." {
		t.Errorf("%d %q", r.status, r.Error)
	}
	if chats, _ := f.store.Chats(context.Background(), user); len(chats) != 0 {
		t.Errorf("a failed question left %d chats", len(chats))
	}
}

func TestUnavailableWithoutModel(t *testing.T) {
	f := newFixture(t, false)
	cookie, _ := f.session(t, "998901234567")
	r := f.post(t, "/api/consultant/chats", `{"message":"вопрос"}`, cookie)
	if r.status != 503 || r.Error != "AI-консультант сейчас недоступен. Попробуйте позже." {
		t.Errorf("%d %q", r.status, r.Error)
	}
}

func TestDailyLimit(t *testing.T) {
	f := newFixture(t, true)
	cookie, user := f.session(t, "998901234567")
	f.fill(t, user, QuestionsPerDay)
	r := f.post(t, "/api/consultant/chats", `{"message":"ещё"}`, cookie)
	if r.status != 429 || r.Error != "Не больше 50 вопросов в сутки. Продолжим завтра." {
		t.Errorf("%d %q", r.status, r.Error)
	}
	f.clock = t0.Add(23 * time.Hour)
	if r = f.post(t, "/api/consultant/chats", `{"message":"ещё"}`, cookie); r.status != 201 {
		t.Errorf("a day later: %d %q", r.status, r.Error)
	}
}

// fill stores n questions of user an hour before t0.
func (f *fixture) fill(t *testing.T, user int64, n int) {
	t.Helper()
	for i := range n {
		slot, err := f.store.Reserve(context.Background(), user, t0.Add(-time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.store.Save(context.Background(), slot, 0, fmt.Sprint("q", i), "a", t0.Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDailyLimitInParallel: questions sent together near the limit get
// exactly the slots that are left; the rest are refused before the model
// is asked (a paid call each).
func TestDailyLimitInParallel(t *testing.T) {
	f := newFixture(t, true)
	cookie, user := f.session(t, "998901234567")
	const left, sent = 3, 12
	f.fill(t, user, QuestionsPerDay-left)
	f.llm.SetDelay(300 * time.Millisecond) // every question is in flight at once
	statuses := make(chan int, sent)
	var wg sync.WaitGroup
	for i := range sent {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses <- f.post(t, "/api/consultant/chats", fmt.Sprintf(`{"message":"вопрос %d"}`, i), cookie).status
		}()
	}
	wg.Wait()
	close(statuses)
	got := map[int]int{}
	for s := range statuses {
		got[s]++
	}
	if diff := cmp.Diff(map[int]int{201: left, 429: sent - left}, got); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	if n := len(f.llm.Requests()); n != left {
		t.Errorf("the model was asked %d times, want %d", n, left)
	}
	if r := f.post(t, "/api/consultant/chats", `{"message":"ещё"}`, cookie); r.status != 429 {
		t.Errorf("past the limit: %d %q", r.status, r.Error)
	}
}

// TestFailureCostsNothing: a question the model failed gives its slot back.
func TestFailureCostsNothing(t *testing.T) {
	f := newFixture(t, true)
	cookie, user := f.session(t, "998901234567")
	f.fill(t, user, QuestionsPerDay-1)
	f.llm.SetFailing(true)
	for range 3 {
		if r := f.post(t, "/api/consultant/chats", `{"message":"вопрос"}`, cookie); r.status != 502 {
			t.Fatalf("failing model: %d %q", r.status, r.Error)
		}
	}
	f.llm.SetFailing(false)
	if r := f.post(t, "/api/consultant/chats", `{"message":"вопрос"}`, cookie); r.status != 201 {
		t.Errorf("the last question after failures: %d %q", r.status, r.Error)
	}
}

func TestTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Болит  голова\nс утра": "Болит голова с утра",
		strings.Repeat("а", 70): strings.Repeat("а", 59) + "…",
	} {
		if got := Title(in); got != want {
			t.Errorf("Title(%q) = %q, want %q", in, got, want)
		}
	}
}
