// Package accounttest signs users in for the tests of other packages:
// the session row account.Store.Verify writes, through the account
// store, without the SMS round trip (that has its own tests in account
// and the browser tests); and calls a package's API as them (App, Call),
// the one copy of what each package's API tests did for themselves.
package accounttest

import (
	"context"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/account"
)

// SignIn starts a session of user id on db, valid account.SessionTTL
// from now, and returns the token cookie's value (account.TokenCookie).
func SignIn(t testing.TB, db *sqlx.DB, userID int64, now time.Time) string {
	t.Helper()
	token, err := account.NewStore(db).StartSession(context.Background(), userID, "accounttest", now)
	if err != nil {
		t.Fatal(err)
	}
	return token
}
