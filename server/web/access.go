package web

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/derrors"
	"sogliq/server/route"
)

// The cookies the auth guard reads (spec §3); the account API sets them,
// with signedInCookie, the hint the pages' script reads (account.SignedInCookie).
const (
	tokenCookie    = "token"
	newUserCookie  = "is_new_user"
	signedInCookie = "signed_in"
)

// guardAccess is the auth guard (spec §4 check 4, §5): a page of one
// visitor opens only with a live session, and /register/finalize also
// needs the is_new_user cookie. Anyone else goes to the home page of
// their language with a 302 that no cache keeps. A page with access
// "optional" opens for everyone, knowing the signed-in visitor if any.
func guardAccess(ctx context.Context, s *Server, pr *pageRequest) error {
	access := pr.match.Route.Access
	if access == "" {
		return nil
	}
	if access == route.AccessOptional {
		return optionalSession(ctx, s, pr)
	}
	home := &redirect{status: fiber.StatusFound, to: route.Prefix(route.Place{Lang: pr.loc.Lang}, false), private: true}
	if home.to == "" {
		home.to = "/"
	}
	if access == route.AccessNewUser && !pr.newUser {
		return home
	}
	// A visitor sent home without a session loses the signed-in hint too
	// (a session ended elsewhere, or expired), so the header stops saying
	// they are signed in.
	if pr.signedIn {
		home.cookie = &fiber.Cookie{Name: signedInCookie, Path: "/", MaxAge: -1, Expires: time.Unix(0, 0), SameSite: fiber.CookieSameSiteLaxMode}
	}
	if s.Sessions == nil || pr.token == "" {
		return home
	}
	id, err := s.Sessions.SessionUser(ctx, pr.token, s.Now())
	if errors.Is(err, derrors.NotFound) {
		return home
	}
	if err != nil {
		// Not the visitor's fault, and no reason to let them in: the
		// error page, logged by the error handler.
		return fmt.Errorf("auth guard: %w", err)
	}
	pr.userID = id
	return nil
}

// optionalSession finds the visitor's session, if any, for a page that
// opens for everyone.
func optionalSession(ctx context.Context, s *Server, pr *pageRequest) error {
	if s.Sessions == nil || pr.token == "" {
		return nil
	}
	id, err := s.Sessions.SessionUser(ctx, pr.token, s.Now())
	if errors.Is(err, derrors.NotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("auth guard: %w", err)
	}
	pr.userID = id
	return nil
}
