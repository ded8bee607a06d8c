package account

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"sogliq/server/database/dbtest"
	"sogliq/server/derrors"
)

var t0 = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// issue asks for a code and returns the one "sent".
func issue(t *testing.T, s *Store, phone, ip string, now time.Time) string {
	t.Helper()
	var sent string
	if err := s.IssueCode(context.Background(), phone, ip, now, func(code string) error { sent = code; return nil }); err != nil {
		t.Fatalf("IssueCode(%s at %s): %v", phone, now.Format(time.TimeOnly), err)
	}
	if len(sent) != CodeLength {
		t.Fatalf("sent code %q, want %d digits", sent, CodeLength)
	}
	return sent
}

func wantRefusal(t *testing.T, err error, status int, key string) *Refusal {
	t.Helper()
	var r *Refusal
	if !errors.As(err, &r) || r.Status != status || r.Key != key {
		t.Fatalf("err = %v, want a refusal %d %s", err, status, key)
	}
	return r
}

func count(t *testing.T, s *Store, q string, args ...any) int {
	t.Helper()
	var n int
	if err := s.db.Get(&n, q, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSignIn(t *testing.T) {
	ctx := context.Background()
	s := NewStore(dbtest.New(t))
	const phone = "998901234567"

	code := issue(t, s, phone, "10.0.0.1", t0)
	// A header may carry any bytes, and any length.
	agent := "Mozilla \xff" + strings.Repeat("я", 400)
	sess, err := s.Verify(ctx, phone, code, agent, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if !sess.NewUser || sess.Token == "" {
		t.Fatalf("first sign-in: %+v, want a new user with a token", sess)
	}
	id, err := s.SessionUser(ctx, sess.Token, t0.Add(2*time.Minute))
	if err != nil || id != sess.UserID {
		t.Fatalf("SessionUser = %d, %v; want %d", id, err, sess.UserID)
	}
	// The token is not stored, only its hash.
	if n := count(t, s, `SELECT count(*) FROM sessions WHERE token_hash = convert_to($1, 'UTF8')`, sess.Token); n != 0 {
		t.Fatal("the session token is stored in the clear")
	}
	// A used code does not sign in twice.
	_, err = s.Verify(ctx, phone, code, "", t0.Add(2*time.Minute))
	wantRefusal(t, err, 400, "auth.noCode")

	u, err := s.User(ctx, sess.UserID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(User{ID: sess.UserID, Phone: phone}, u); diff != "" {
		t.Errorf("new user (-want +got):\n%s", diff)
	}
	p := Profile{FirstName: "Ali", LastName: "Valiyev", BirthDate: "1990-02-28", Gender: "male", Email: "ali@example.uz"}
	if err := s.SaveProfile(ctx, sess.UserID, p, t0.Add(3*time.Minute)); err != nil {
		t.Fatal(err)
	}
	u, err = s.User(ctx, sess.UserID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(User{ID: sess.UserID, Phone: phone, Profile: p, Registered: true}, u); diff != "" {
		t.Errorf("registered user (-want +got):\n%s", diff)
	}

	// Signing in again (after the resend wait) finds the same, registered user.
	code = issue(t, s, phone, "10.0.0.1", t0.Add(5*time.Minute))
	again, err := s.Verify(ctx, phone, code, "", t0.Add(6*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if again.UserID != sess.UserID || again.NewUser || again.Token == sess.Token {
		t.Fatalf("second sign-in %+v, first %+v", again, sess)
	}

	// Ending one session leaves the other.
	if err := s.EndSession(ctx, sess.Token); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SessionUser(ctx, sess.Token, t0.Add(7*time.Minute)); !errors.Is(err, ErrNoSession) {
		t.Fatalf("ended session: %v, want ErrNoSession", err)
	}
	if _, err := s.SessionUser(ctx, again.Token, t0.Add(7*time.Minute)); err != nil {
		t.Fatalf("the other session: %v", err)
	}
	// Sessions expire.
	if _, err := s.SessionUser(ctx, again.Token, t0.Add(6*time.Minute+SessionTTL)); !errors.Is(err, ErrNoSession) {
		t.Fatalf("expired session: %v, want ErrNoSession", err)
	}
	if _, err := s.SessionUser(ctx, "", t0); !errors.Is(err, ErrNoSession) {
		t.Fatalf("empty token: %v, want ErrNoSession", err)
	}
	if _, err := s.User(ctx, 999999); !errors.Is(err, derrors.NotFound) {
		t.Fatalf("unknown user: %v", err)
	}
}

func TestWrongCodes(t *testing.T) {
	ctx := context.Background()
	s := NewStore(dbtest.New(t))
	const phone = "998711234567"
	code := issue(t, s, phone, "", t0)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	for left := MaxAttempts - 1; left > 0; left-- {
		_, err := s.Verify(ctx, phone, wrong, "", t0)
		r := wantRefusal(t, err, 400, "auth.wrongCode")
		if diff := cmp.Diff([]string{"left", fmt.Sprint(left)}, r.Vars); diff != "" {
			t.Errorf("attempts left (-want +got):\n%s", diff)
		}
	}
	_, err := s.Verify(ctx, phone, wrong, "", t0)
	wantRefusal(t, err, 429, "auth.tooManyAttempts")
	// Now even the right code is refused: the code is spent.
	_, err = s.Verify(ctx, phone, code, "", t0)
	wantRefusal(t, err, 429, "auth.tooManyAttempts")
	if n := count(t, s, `SELECT count(*) FROM users`); n != 0 {
		t.Errorf("%d users after failed sign-ins, want 0", n)
	}
	// A new code starts over.
	code = issue(t, s, phone, "", t0.Add(ResendAfter))
	if _, err := s.Verify(ctx, phone, code, "", t0.Add(ResendAfter)); err != nil {
		t.Fatal(err)
	}
}

func TestCodeExpires(t *testing.T) {
	s := NewStore(dbtest.New(t))
	const phone = "998901112233"
	code := issue(t, s, phone, "", t0)
	_, err := s.Verify(context.Background(), phone, code, "", t0.Add(CodeTTL))
	wantRefusal(t, err, 400, "auth.codeExpired")
	_, err = s.Verify(context.Background(), "998909998877", code, "", t0)
	wantRefusal(t, err, 400, "auth.noCode")
}

func TestSendLimits(t *testing.T) {
	ctx := context.Background()
	s := NewStore(dbtest.New(t))
	const phone = "998935556677"
	issue(t, s, phone, "10.0.0.2", t0)
	err := s.IssueCode(ctx, phone, "10.0.0.2", t0.Add(20*time.Second), func(string) error { return nil })
	r := wantRefusal(t, err, 429, "auth.resendWait")
	if r.RetryAfter != 40*time.Second {
		t.Errorf("RetryAfter = %s, want 40s", r.RetryAfter)
	}
	for i := 1; i < CodesPerPhone; i++ {
		issue(t, s, phone, "10.0.0.2", t0.Add(time.Duration(i)*ResendAfter))
	}
	err = s.IssueCode(ctx, phone, "10.0.0.2", t0.Add(10*time.Minute), func(string) error { return nil })
	r = wantRefusal(t, err, 429, "auth.tooManyCodes")
	if r.RetryAfter != 50*time.Minute {
		t.Errorf("RetryAfter = %s, want 50m (the oldest code leaves the hour)", r.RetryAfter)
	}
	issue(t, s, phone, "10.0.0.2", t0.Add(time.Hour+time.Second))

	// One address asking for many phones.
	for i := range CodesPerIP {
		issue(t, s, fmt.Sprintf("9989%08d", i), "10.0.0.3", t0)
	}
	err = s.IssueCode(ctx, "998977777777", "10.0.0.3", t0, func(string) error { return nil })
	wantRefusal(t, err, 429, "auth.tooManyCodes")
}

func TestFailedSendStoresNothing(t *testing.T) {
	s := NewStore(dbtest.New(t))
	const phone = "998901234500"
	err := s.IssueCode(context.Background(), phone, "", t0, func(string) error { return errors.New("gateway down") })
	if err == nil || err.Error() != "gateway down" {
		t.Fatalf("err = %v", err)
	}
	if n := count(t, s, `SELECT count(*) FROM sign_in_codes`); n != 0 {
		t.Fatalf("%d codes stored after a failed send", n)
	}
	// And the visitor may try again at once.
	issue(t, s, phone, "", t0)
}

// Parallel guesses at one code are counted one by one: no more than
// MaxAttempts wrong answers are ever checked.
func TestParallelGuessesAreSerialised(t *testing.T) {
	ctx := context.Background()
	s := NewStore(dbtest.New(t))
	const phone = "998909090909"
	code := issue(t, s, phone, "", t0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	refusals := map[string]int{}
	for i := range 12 {
		guess := fmt.Sprintf("%06d", i)
		if guess == code {
			guess = "999999"
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.Verify(ctx, phone, guess, "", t0)
			var r *Refusal
			if !errors.As(err, &r) {
				t.Errorf("guess %s: %v", guess, err)
				return
			}
			mu.Lock()
			refusals[r.Key]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if diff := cmp.Diff(map[string]int{"auth.wrongCode": MaxAttempts - 1, "auth.tooManyAttempts": 12 - MaxAttempts + 1}, refusals); diff != "" {
		t.Errorf("refusals (-want +got):\n%s", diff)
	}
	if n := count(t, s, `SELECT attempts FROM sign_in_codes`); n != MaxAttempts {
		t.Errorf("attempts = %d, want %d", n, MaxAttempts)
	}
}

// 100 simultaneous code requests from one new address, each for another
// phone, send exactly CodesPerIP codes (issue 11: 24-33 were sent while
// only the phone was locked).
func TestParallelRequestsFromOneAddress(t *testing.T) {
	ctx := context.Background()
	s := NewStore(dbtest.New(t))
	const ip = "203.0.113.7"
	var wg sync.WaitGroup
	var mu sync.Mutex
	sent := 0
	outcomes := map[string]int{}
	start := make(chan struct{})
	for i := range 100 {
		phone := fmt.Sprintf("9989012%05d", i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			err := s.IssueCode(ctx, phone, ip, t0, func(string) error {
				mu.Lock()
				sent++
				mu.Unlock()
				return nil
			})
			key := "sent"
			var r *Refusal
			switch {
			case errors.As(err, &r):
				key = fmt.Sprint(r.Status, " ", r.Key)
			case err != nil:
				key = err.Error()
			}
			mu.Lock()
			outcomes[key]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	if diff := cmp.Diff(map[string]int{"sent": CodesPerIP, "429 auth.tooManyCodes": 100 - CodesPerIP}, outcomes); diff != "" {
		t.Errorf("outcomes (-want +got):\n%s", diff)
	}
	if sent != CodesPerIP {
		t.Errorf("%d codes sent, want %d", sent, CodesPerIP)
	}
	if n := count(t, s, `SELECT count(*) FROM sign_in_codes WHERE client_ip = $1`, ip); n != CodesPerIP {
		t.Errorf("%d codes stored, want %d", n, CodesPerIP)
	}
}

func TestPurge(t *testing.T) {
	ctx := context.Background()
	s := NewStore(dbtest.New(t))
	code := issue(t, s, "998901234567", "", t0)
	sess, err := s.Verify(ctx, "998901234567", code, "", t0)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Purge(ctx, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, `SELECT count(*) FROM sessions`) + count(t, s, `SELECT count(*) FROM sign_in_codes`); n != 2 {
		t.Fatalf("purge an hour later left %d rows, want 2", n)
	}
	if err := s.Purge(ctx, t0.Add(SessionTTL)); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, `SELECT count(*) FROM sessions`) + count(t, s, `SELECT count(*) FROM sign_in_codes`); n != 0 {
		t.Fatalf("purge after expiry left %d rows", n)
	}
	if _, err := s.SessionUser(ctx, sess.Token, t0); !errors.Is(err, ErrNoSession) {
		t.Fatalf("purged session: %v", err)
	}
}

// TestDeletingTheAccountKeepsTheSendLimits: signing in and deleting the
// account in a loop still meets the phone's hourly limit; the count keeps
// no phone number, and is purged after a day.
func TestDeletingTheAccountKeepsTheSendLimits(t *testing.T) {
	ctx := context.Background()
	s := NewStore(dbtest.New(t))
	const phone = "998935550011"
	var err error
	for i := 0; i < CodesPerPhone+1 && err == nil; i++ {
		at := t0.Add(time.Duration(i) * ResendAfter)
		sent := ""
		if err = s.IssueCode(ctx, phone, "10.0.0.9", at, func(c string) error { sent = c; return nil }); err != nil {
			break
		}
		sess, verr := s.Verify(ctx, phone, sent, "", at)
		if verr != nil {
			t.Fatal(verr)
		}
		if derr := s.DeleteUser(ctx, sess.UserID, at); derr != nil {
			t.Fatal(derr)
		}
	}
	wantRefusal(t, err, 429, "auth.tooManyCodes")
	if n := count(t, s, `SELECT count(*) FROM sign_in_codes`) + count(t, s, `SELECT count(*) FROM users`); n != 0 {
		t.Errorf("%d codes and users left after deletion", n)
	}
	if n := count(t, s, `SELECT count(*) FROM sign_in_sends WHERE position(convert_to($1, 'UTF8') IN phone_hash) > 0`, phone); n != 0 {
		t.Errorf("the phone is stored in the send count")
	}
	if err := s.Purge(ctx, t0.Add(25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n := count(t, s, `SELECT count(*) FROM sign_in_sends`); n != 0 {
		t.Errorf("%d sends left a day later", n)
	}
}

// TestDeleteEditor: an editor or admin can delete their account; the
// revisions they wrote or published and the audit log stay, without the
// link to them.
func TestDeleteEditor(t *testing.T) {
	ctx := context.Background()
	s := NewStore(dbtest.New(t))
	var editor, other int64
	if err := s.db.Get(&editor, `INSERT INTO users (phone) VALUES ('998901110001') RETURNING id`); err != nil {
		t.Fatal(err)
	}
	if err := s.db.Get(&other, `INSERT INTO users (phone) VALUES ('998901110002') RETURNING id`); err != nil {
		t.Fatal(err)
	}
	for _, st := range []struct {
		q    string
		args []any
	}{
		{`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, []any{editor}},
		{`INSERT INTO editorial_revisions (kind, entity_id, state, fields, author_id, published_at, published_by) VALUES ('faq', 1, 'published', '{}', $1, now(), $1)`, []any{editor}},
		{`INSERT INTO editorial_revisions (kind, entity_id, state, fields, author_id, published_at, published_by) VALUES ('faq', 2, 'published', '{}', $1, now(), $2)`, []any{editor, other}},
		{`INSERT INTO editorial_revisions (kind, entity_id, state, fields, author_id, publish_at) VALUES ('faq', 3, 'scheduled', '{}', $1, now())`, []any{editor}},
		{`INSERT INTO editorial_audit (actor_id, action) VALUES ($1, 'publish')`, []any{editor}},
	} {
		if _, err := s.db.Exec(st.q, st.args...); err != nil {
			t.Fatalf("%s: %v", st.q, err)
		}
	}
	if err := s.DeleteUser(ctx, editor, t0); err != nil {
		t.Fatalf("deleting an admin: %v", err)
	}
	if n := count(t, s, `SELECT count(*) FROM editorial_revisions WHERE author_id IS NULL`); n != 3 {
		t.Errorf("%d revisions kept without their author, want 3", n)
	}
	if n := count(t, s, `SELECT count(*) FROM editorial_revisions WHERE published_by = $1`, other); n != 1 {
		t.Errorf("another editor's publication lost its publisher")
	}
	if n := count(t, s, `SELECT count(*) FROM editorial_audit WHERE actor_id IS NULL AND action = 'publish'`); n != 1 {
		t.Errorf("the audit row is not kept without its actor")
	}
	if n := count(t, s, `SELECT count(*) FROM users WHERE id = $1`, editor) + count(t, s, `SELECT count(*) FROM user_roles`); n != 0 {
		t.Errorf("the admin or their role is left")
	}
}
