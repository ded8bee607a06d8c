package telegram

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// MaxAge is how old a signed initData or login payload may be
// (auth_date): a day, as Telegram advises.
const MaxAge = 24 * time.Hour

// maxSkew is how far in the future an auth_date may be (clocks differ).
const maxSkew = 5 * time.Minute

// Refusals of signed data, each answered with its own message.
var (
	// ErrBadHash: the data was not signed with this bot's token (or was
	// changed after), or is malformed.
	ErrBadHash = errors.New("telegram: bad signature")
	// ErrExpired: auth_date is older than MaxAge (or in the future).
	ErrExpired = errors.New("telegram: auth_date expired")
)

// User is a Telegram user as initData and the login widget describe them.
type User struct {
	ID        int64  `json:"id"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Username  string `json:"username"`
	Language  string `json:"language_code"`
}

// Signed is data whose signature checked out.
type Signed struct {
	User     User
	AuthDate time.Time
	// Hash is the payload's hash as sent: the key of "accepted once".
	Hash []byte
	// StartParam is the Mini App's start_param (a deep link), "" for none.
	StartParam string
}

// CheckInitData validates a Mini App's initData (the query string
// Telegram.WebApp.initData) as Telegram documents it: secret_key =
// HMAC_SHA256(key "WebAppData", bot token); the hash must equal
// hex(HMAC_SHA256(key secret_key, data_check_string)), the fields but
// hash sorted by key as key=value lines. Then auth_date must be at most
// MaxAge old at now.
func CheckInitData(token, initData string, now time.Time) (Signed, error) {
	values, err := url.ParseQuery(initData)
	if err != nil {
		return Signed{}, ErrBadHash
	}
	fields := make(map[string]string, len(values))
	for k, v := range values {
		if len(v) != 1 {
			return Signed{}, ErrBadHash // a repeated field is ambiguous
		}
		fields[k] = v[0]
	}
	secret := mac([]byte("WebAppData"), []byte(token))
	s, err := check(secret, fields, now)
	if err != nil {
		return Signed{}, err
	}
	if err := json.Unmarshal([]byte(fields["user"]), &s.User); err != nil || s.User.ID == 0 {
		return Signed{}, ErrBadHash
	}
	s.StartParam = fields["start_param"]
	return s, nil
}

// CheckLogin validates the login widget's fields (id, first_name, ...,
// auth_date, hash): the same data_check_string, keyed with SHA256(bot
// token), and the same MaxAge.
func CheckLogin(token string, fields map[string]string, now time.Time) (Signed, error) {
	key := sha256.Sum256([]byte(token))
	s, err := check(key[:], fields, now)
	if err != nil {
		return Signed{}, err
	}
	id, err := strconv.ParseInt(fields["id"], 10, 64)
	if err != nil || id == 0 {
		return Signed{}, ErrBadHash
	}
	s.User = User{ID: id, FirstName: fields["first_name"], LastName: fields["last_name"], Username: fields["username"]}
	return s, nil
}

// check compares the hash with the fields' HMAC under key in constant
// time, then the age.
func check(key []byte, fields map[string]string, now time.Time) (Signed, error) {
	got, err := hex.DecodeString(fields["hash"])
	if err != nil || len(got) != sha256.Size {
		return Signed{}, ErrBadHash
	}
	if !hmac.Equal(got, mac(key, []byte(DataCheckString(fields)))) {
		return Signed{}, ErrBadHash
	}
	unix, err := strconv.ParseInt(fields["auth_date"], 10, 64)
	if err != nil {
		return Signed{}, ErrBadHash
	}
	at := time.Unix(unix, 0)
	if now.Sub(at) > MaxAge || at.Sub(now) > maxSkew {
		return Signed{}, ErrExpired
	}
	return Signed{AuthDate: at, Hash: got}, nil
}

// DataCheckString is every field but hash as key=value, sorted by key,
// joined by newlines.
func DataCheckString(fields map[string]string) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		if k != "hash" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	lines := make([]string, len(keys))
	for i, k := range keys {
		lines[i] = k + "=" + fields[k]
	}
	return strings.Join(lines, "\n")
}

func mac(key, data []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(data)
	return m.Sum(nil)
}

// SignInitData is what Telegram does to a Mini App's fields: the initData
// query string with its hash, signed with token (for tests and tools).
func SignInitData(token string, fields map[string]string) string {
	secret := mac([]byte("WebAppData"), []byte(token))
	v := url.Values{}
	for k, f := range fields {
		v.Set(k, f)
	}
	v.Set("hash", hex.EncodeToString(mac(secret, []byte(DataCheckString(fields)))))
	return v.Encode()
}

// SignLogin is what Telegram does to the login widget's fields: their
// hash, signed with token (for tests and tools).
func SignLogin(token string, fields map[string]string) string {
	key := sha256.Sum256([]byte(token))
	return hex.EncodeToString(mac(key[:], []byte(DataCheckString(fields))))
}
