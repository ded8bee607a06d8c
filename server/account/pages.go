package account

import (
	"context"

	"sogliq/server/page"
)

// Pages are the loaders of the account routes. The guarded ones run only
// after the auth guard found the visitor's session (req.UserID).
func Pages(store *Store) page.Loaders {
	return page.Loaders{
		"login":             signInPage,
		"register-finalize": userPage(store),
		"profile":           userPage(store),
		"profile-personal":  userPage(store),
	}
}

// signInPage is the same for everyone (the form is an island), so it caches;
// it is no page for a search engine.
func signInPage(ctx context.Context, req page.Request) (page.Result, error) {
	return page.Result{Data: struct{}{}, NoIndex: true}, nil
}

// UserPageData is what the account pages show of the signed-in user.
type UserPageData struct {
	User
	// PhoneDisplay is the phone as people write it.
	PhoneDisplay string `json:"phoneDisplay"`
}

func userPage(store *Store) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		u, err := store.User(ctx, req.UserID)
		if err != nil {
			return page.Result{}, err
		}
		return page.Result{Data: UserPageData{User: u, PhoneDisplay: DisplayPhone(u.Phone)}, NoIndex: true}, nil
	}
}
