package booking

import (
	"log/slog"
	"net/netip"
	"regexp"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
)

// Handler serves the booking API (see docs/booking.md and
// /api/openapi.json):
//
//	GET    /api/doctors/{id}/slots?clinic=&from=&days=&type=   a doctor's free times per clinic and day, per visit type
//	GET    /api/slots?doctors=1,2&limit=&clinic=&kind=   the first free times of a listing page's doctors
//	POST   /api/bookings/holds                           hold a time for HoldTTL
//	DELETE /api/bookings/holds/{id}?key=                 release it
//	POST   /api/bookings                                 book a held time (session)
//	GET    /api/bookings                                 the user's visits (session)
//	GET    /api/bookings/returning?doctor=               been to this doctor before? what is known (session)
//	POST   /api/bookings/{id}/cancel                     cancel (session)
//	POST   /api/bookings/{id}/reschedule                 move to a held time (session)
//	GET    /api/bookings/{id}.ics                        the visit for a calendar (session)
//	POST   /api/calendar/reset                           a new address for the user's calendar feed (session)
//	GET    /calendar/{token}.ics, /uz/calendar/{token}.ics  the user's calendar feed (the token is the key)
//	GET    /api/waitlist?doctors=1,2                     which of these doctors' waitlists the user is on (session)
//	POST   /api/waitlist                                 join a full doctor's waitlist (session)
//	DELETE /api/waitlist/{doctorId}                      leave it (session)
//	POST   /api/waitlist/offer                           open an offer's SMS link: its hold, re-keyed (session)
//
// Their part of the API document is openapi.json and apidoc.go.
type Handler struct {
	Store    *Store
	Accounts *account.Store
	// The SMS of a booking go through Store.Queue (NoticeWorker).
	Dict           Translator
	TrustedProxies []netip.Prefix
	// PublicURL is the site's origin, for links in calendars.
	PublicURL string
	Logger    *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Register adds the API routes.
func (h *Handler) Register(r fiber.Router) {
	sameOrigin := account.SameOrigin
	signedIn := account.RequireSession(h.Accounts, h.now)
	r.Get("/api/doctors/:id/slots", h.doctorSlots)
	r.Get("/api/slots", h.nextSlots)
	r.Post("/api/bookings/holds", sameOrigin, h.hold)
	r.Delete("/api/bookings/holds/:id", sameOrigin, h.release)
	r.Post("/api/bookings/holds/:id/extend", sameOrigin, signedIn, h.extend)
	r.Post("/api/bookings", sameOrigin, signedIn, h.book)
	r.Get("/api/bookings", signedIn, h.visits)
	r.Get("/api/bookings/returning", signedIn, h.returning)
	r.Get("/api/bookings/:id.ics", signedIn, h.ics)
	r.Post("/api/calendar/reset", sameOrigin, signedIn, h.resetFeed)
	r.Get("/calendar/:token.ics", h.feed)
	r.Get("/uz/calendar/:token.ics", h.feed)
	r.Post("/api/bookings/:id/cancel", sameOrigin, signedIn, h.cancel)
	r.Post("/api/bookings/:id/reschedule", sameOrigin, signedIn, h.reschedule)
	r.Get("/api/waitlist", signedIn, h.waitlists)
	r.Post("/api/waitlist", sameOrigin, signedIn, h.joinWaitlist)
	r.Post("/api/waitlist/offer", sameOrigin, signedIn, h.claimOffer)
	r.Delete("/api/waitlist/:doctor", sameOrigin, signedIn, h.leaveWaitlist)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// noStore marks an answer that must not be kept: free times change by
// the second, visits are one person's.
func noStore(c *fiber.Ctx) { c.Set(fiber.HeaderCacheControl, "no-store") }

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
