package telegram

import (
	"errors"
	"net/url"
	"strconv"
	"testing"
	"time"
)

const testToken = "123456:test-token"

var testNow = time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)

func initFields(authDate time.Time) map[string]string {
	return map[string]string{
		"query_id":  "AAHdF6IQAAAAAN0XohDhrOrc",
		"user":      `{"id":279058397,"first_name":"Vladislav","last_name":"Kibenko","username":"vdkfrost","language_code":"ru"}`,
		"auth_date": strconv.FormatInt(authDate.Unix(), 10),
	}
}

// TestDataCheckString: sorted by key, hash left out, newline-joined, as
// Telegram's documentation shows.
func TestDataCheckString(t *testing.T) {
	got := DataCheckString(map[string]string{"user": "u", "hash": "h", "auth_date": "1", "query_id": "q"})
	if want := "auth_date=1\nquery_id=q\nuser=u"; got != want {
		t.Errorf("DataCheckString = %q, want %q", got, want)
	}
}

func TestCheckInitData(t *testing.T) {
	fresh := SignInitData(testToken, initFields(testNow.Add(-time.Hour)))
	tampered, _ := url.ParseQuery(fresh)
	tampered.Set("user", `{"id":1,"first_name":"Mallory"}`)
	repeated := fresh + "&auth_date=1"
	for _, test := range []struct {
		name     string
		token    string
		initData string
		want     error
	}{
		{"signed an hour ago", testToken, fresh, nil},
		{"signed 23 h 59 min ago", testToken, SignInitData(testToken, initFields(testNow.Add(-MaxAge+time.Minute))), nil},
		{"another bot's token", "654321:other", fresh, ErrBadHash},
		{"a field changed", testToken, tampered.Encode(), ErrBadHash},
		{"no hash", testToken, "auth_date=1&user=%7B%7D", ErrBadHash},
		{"a repeated field", testToken, repeated, ErrBadHash},
		{"not a query", testToken, "%zz", ErrBadHash},
		{"older than a day", testToken, SignInitData(testToken, initFields(testNow.Add(-MaxAge-time.Minute))), ErrExpired},
		{"from the future", testToken, SignInitData(testToken, initFields(testNow.Add(time.Hour))), ErrExpired},
	} {
		t.Run(test.name, func(t *testing.T) {
			s, err := CheckInitData(test.token, test.initData, testNow)
			if !errors.Is(err, test.want) || (test.want == nil && err != nil) {
				t.Fatalf("CheckInitData: %v, want %v", err, test.want)
			}
			if err == nil && (s.User.ID != 279058397 || s.User.Username != "vdkfrost" || len(s.Hash) != 32) {
				t.Errorf("CheckInitData = %+v", s)
			}
		})
	}
}

func TestCheckLogin(t *testing.T) {
	fields := func(age time.Duration) map[string]string {
		f := map[string]string{"id": "42", "first_name": "Ali", "username": "ali", "auth_date": strconv.FormatInt(testNow.Add(-age).Unix(), 10)}
		f["hash"] = SignLogin(testToken, f)
		return f
	}
	ok := fields(time.Minute)
	if s, err := CheckLogin(testToken, ok, testNow); err != nil || s.User.ID != 42 {
		t.Fatalf("CheckLogin = %+v, %v", s, err)
	}
	// The Mini App's key is not the widget's: the same fields signed the
	// other way are refused.
	other := fields(time.Minute)
	other["hash"] = SignInitData(testToken, map[string]string{"id": "42"})[len("hash="):]
	changed := fields(time.Minute)
	changed["id"] = "43"
	for name, f := range map[string]map[string]string{"signed another way": other, "id changed": changed} {
		if _, err := CheckLogin(testToken, f, testNow); !errors.Is(err, ErrBadHash) {
			t.Errorf("%s: %v, want ErrBadHash", name, err)
		}
	}
	if _, err := CheckLogin(testToken, fields(25*time.Hour), testNow); !errors.Is(err, ErrExpired) {
		t.Errorf("a day-old login: %v, want ErrExpired", err)
	}
}
