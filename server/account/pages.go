package account

import (
	"context"
	"time"

	"sogliq/server/page"
)

// Pages are the loaders of the account routes. The guarded ones run only
// after the auth guard found the visitor's session (req.UserID).
// now is the clock (for today's date, the latest birth date).
func Pages(store *Store, now func() time.Time) page.Loaders {
	return page.Loaders{
		"login":             signInPage,
		"register-finalize": userPage(store, now),
		"profile":           userPage(store, now),
		"profile-personal":  userPage(store, now),
	}
}

// signInPage is the same for everyone (the form is an island), so it caches;
// it is no page for a search engine.
func signInPage(ctx context.Context, req page.Request) (page.Result, error) {
	return page.Result{Data: struct{}{}, NoIndex: true}, nil
}

func userPage(store *Store, now func() time.Time) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		u, err := store.User(ctx, req.UserID)
		if err != nil {
			return page.Result{}, err
		}
		relatives, err := store.Relatives(ctx, req.UserID)
		if err != nil {
			return page.Result{}, err
		}
		data := UserPageData{User: u, PhoneDisplay: DisplayPhone(u.Phone), Today: now().In(Tashkent).Format(time.DateOnly), Relatives: relatives}
		return page.Result{Data: data, NoIndex: true}, nil
	}
}
