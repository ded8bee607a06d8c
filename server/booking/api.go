package booking

import (
	"context"
	"errors"
	"log/slog"
	"net/netip"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/utils"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/clientip"
	"sogliq/shared"
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

// slotsQuery is the parsed query of GET /api/doctors/{id}/slots.
type slotsQuery struct {
	doctor, clinic int64
	from           string
	days           int
	// types are the visit types chosen, at most one per clinic.
	types []int64
}

func parseSlotsQuery(c *fiber.Ctx, today string) (slotsQuery, error) {
	q := slotsQuery{doctor: api.ID(c.Params("id")), from: c.Query("from", today), days: 7}
	if q.doctor == 0 {
		return q, api.Fail(400, "booking.badDoctor")
	}
	if raw := c.Query("clinic"); raw != "" {
		if q.clinic = api.ID(raw); q.clinic == 0 {
			return q, api.Fail(400, "booking.badClinic")
		}
	}
	if _, err := time.Parse(DateLayout, q.from); err != nil {
		return q, api.Fail(400, "booking.badFrom")
	}
	if raw := c.Query("days"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > MaxSlotDays {
			return q, api.Fail(400, "booking.badDays", "max", strconv.Itoa(MaxSlotDays))
		}
		q.days = n
	}
	if raw := c.Query("type"); raw != "" {
		for _, part := range strings.Split(raw, ",") {
			id := api.ID(strings.TrimSpace(part))
			if id == 0 || len(q.types) == 10 {
				return q, api.Fail(400, "booking.badType")
			}
			q.types = append(q.types, id)
		}
	}
	return q, nil
}

func (h *Handler) doctorSlots(c *fiber.Ctx) error {
	ctx, now := c.UserContext(), h.now()
	today := Today(now)
	q, err := parseSlotsQuery(c, today)
	if err != nil {
		return err
	}
	ok, err := h.Store.DoctorExists(ctx, q.doctor)
	if err != nil {
		return err
	}
	if !ok {
		return api.Fail(404, "booking.unknownDoctor")
	}
	// The whole horizon is read, not just the days asked: NextFree.
	plans, err := h.Store.PlansOf(ctx, []int64{q.doctor}, 0, api.Lang(c), today, ThroughHorizon, now, &TypeChoice{IDs: q.types})
	if err != nil {
		return err
	}
	if err := chosen(plans, q.types); err != nil {
		return err
	}
	if err := inHorizon(plans, q.from, today); err != nil {
		return err
	}
	types, err := h.Store.TypesOf(ctx, q.doctor, api.Lang(c), today)
	if err != nil {
		return err
	}
	out := DoctorSlots{DoctorID: q.doctor, From: q.from, Days: q.days, Clinics: []ClinicSlots{}}
	for _, p := range plans {
		if first := firstFree(p.Plan, now, 1); len(first) > 0 && (out.NextFree == nil || first[0].Start.Before(parseStamp(*out.NextFree))) {
			out.NextFree = stampPtr(first[0].Start)
		}
		if q.clinic != 0 && p.ClinicID != q.clinic {
			continue
		}
		cs := ClinicSlots{
			ClinicID: p.ClinicID, ClinicSlug: p.Slug, ClinicName: p.Name, Address: p.Address, Price: p.Price,
			Days: daySlotsJSON(FreeDays(p.Plan, now, q.from, daysInHorizon(p.Plan, q.from, q.days, today))), Type: p.Type, Types: types[p.ClinicID],
			HorizonDays: p.Plan.horizon(),
		}
		if cs.Types == nil {
			cs.Types = []VisitType{}
		}
		out.Clinics = append(out.Clinics, cs)
	}
	if q.clinic != 0 && len(out.Clinics) == 0 {
		return api.Fail(404, "booking.notAtClinic")
	}
	noStore(c)
	return api.OK(c, out)
}

// MaxSlotDays bounds the days one GET /api/doctors/{id}/slots answers:
// a week grid asks 7 at a time, however far the horizon.
const MaxSlotDays = 14

// inHorizon refuses, 400 booking.fromOutOfRange, a from outside the
// horizons of plans' clinics: past the last day of the longest (or years
// away, whose days would run into the year 10000). The day before today
// is let through for a browser whose clock lags the server's around
// midnight; it simply has no free times.
func inHorizon(plans []ClinicPlan, from, today string) error {
	longest := DefaultHorizonDays // a doctor with no clinic
	if len(plans) > 0 {
		longest = 0
	}
	for _, p := range plans {
		longest = max(longest, p.Plan.horizon())
	}
	if first, last := AddDays(today, -1), AddDays(today, longest-1); from < first || from > last {
		return api.Fail(400, "booking.fromOutOfRange", "first", first, "last", last)
	}
	return nil
}

// daysInHorizon is how many of the days days from `from` lie before the
// end of p's horizon: a clinic's week grid stops at its last day.
func daysInHorizon(p Plan, from string, days int, today string) int {
	first, _ := time.ParseInLocation(DateLayout, from, Tashkent)
	last, _ := time.ParseInLocation(DateLayout, AddDays(today, p.horizon()-1), Tashkent)
	// Tashkent has no DST: a day is 24 hours.
	return min(days, max(0, int(last.Sub(first)/(24*time.Hour))+1))
}

// chosen refuses, 400 booking.badType, types asked for that none of the
// plans is for: not the doctor's, inactive, or a second one of a clinic.
func chosen(plans []ClinicPlan, types []int64) error {
	for _, id := range types {
		if !slices.ContainsFunc(plans, func(p ClinicPlan) bool { return p.Type != nil && p.Type.ID == id }) {
			return api.Fail(400, "booking.badType")
		}
	}
	return nil
}

func daySlotsJSON(days []Day) []DaySlots {
	out := make([]DaySlots, len(days))
	for i, d := range days {
		out[i] = DaySlots{Date: d.Date, Slots: make([]TimeSlot, len(d.Slots))}
		for j, s := range d.Slots {
			out[i].Slots[j] = TimeSlot{Start: Stamp(s.Start), End: Stamp(s.End)}
		}
	}
	return out
}

func stampPtr(t time.Time) *string { s := Stamp(t); return &s }

func parseStamp(s string) time.Time { t, _ := time.Parse(time.RFC3339, s); return t }

// MaxListingDoctors bounds GET /api/slots.
const MaxListingDoctors = 50

func parseDoctors(raw string) ([]int64, error) {
	var ids []int64
	for _, part := range strings.Split(raw, ",") {
		id := api.ID(strings.TrimSpace(part))
		if id == 0 {
			return nil, api.Fail(400, "booking.badDoctors")
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) > MaxListingDoctors {
		return nil, api.Fail(400, "booking.badDoctors")
	}
	return ids, nil
}

func (h *Handler) nextSlots(c *fiber.Ctx) error {
	ids, err := parseDoctors(c.Query("doctors"))
	if err != nil {
		return err
	}
	limit := 3
	if raw := c.Query("limit"); raw != "" {
		if limit, err = strconv.Atoi(raw); err != nil || limit < 1 || limit > 5 {
			return api.Fail(400, "booking.badLimit")
		}
	}
	var clinicID int64
	if raw := c.Query("clinic"); raw != "" {
		if clinicID = api.ID(raw); clinicID == 0 {
			return api.Fail(400, "booking.badClinic")
		}
	}
	kind := c.Query("kind")
	if kind != "" && !slices.Contains(Kinds, kind) {
		return api.Fail(400, "booking.badKind")
	}
	out, err := h.Store.NextOf(c.UserContext(), NextQuery{IDs: ids, ClinicID: clinicID, Limit: limit, Types: &TypeChoice{Kind: kind}, Lang: api.Lang(c)}, h.now())
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, out)
}

// Next computes the first limit free times (and the first free start) of
// each doctor of ids over each clinic's horizon, at any of their clinics (only at
// clinicID when it is not 0), in plain slots. Each doctor's Clinics hold
// the first limit times of every clinic with a free time, the earliest
// clinic first.
func (s *Store) Next(ctx context.Context, ids []int64, clinicID int64, limit int, lang string, now time.Time) (NextSlots, error) {
	return s.NextOf(ctx, NextQuery{IDs: ids, ClinicID: clinicID, Limit: limit, Lang: lang}, now)
}

// NextQuery asks NextOf for the first free times of a listing's doctors.
type NextQuery struct {
	IDs      []int64
	ClinicID int64 // 0: any clinic
	Limit    int
	// Types chooses each clinic's visit type (nil: plain slots); the
	// times are the type's, and so are the clinic's price and Type.
	Types *TypeChoice
	// Days, when set, is the horizon of every clinic instead of its own
	// (the benchmarks').
	Days int
	Lang string
}

// NextOf is Next for q: the listing page's one request (GET /api/slots,
// each clinic's first visit type, or the kind asked for).
func (s *Store) NextOf(ctx context.Context, q NextQuery, now time.Time) (NextSlots, error) {
	ids, limit, to := q.IDs, q.Limit, ThroughHorizon
	today := Today(now)
	if q.Days > 0 {
		to = AddDays(today, q.Days-1)
	}
	plans, err := s.plans(ctx, ids, q.ClinicID, q.Lang, today, to, now, q.Types, true)
	if err != nil {
		return NextSlots{}, err
	}
	byDoctor := map[int64][]NextSlot{}
	clinics := map[int64][]NextClinic{}
	for _, p := range plans {
		if q.Days > 0 {
			p.Plan.Horizon = q.Days
		}
		var slots []NextSlot
		for _, s := range firstFree(p.Plan, now, limit) {
			slots = append(slots, NextSlot{Start: Stamp(s.Start), End: Stamp(s.End), ClinicID: p.ClinicID})
		}
		if len(slots) == 0 {
			continue
		}
		byDoctor[p.DoctorID] = append(byDoctor[p.DoctorID], slots...)
		clinics[p.DoctorID] = append(clinics[p.DoctorID], NextClinic{ClinicID: p.ClinicID, Name: p.Name, Address: p.Address, Price: p.Price, Slots: slots, Type: p.Type})
	}
	out := NextSlots{Doctors: make([]DoctorNext, len(ids))}
	for i, id := range ids {
		slots := byDoctor[id]
		// Stamps in one zone sort as text.
		slices.SortStableFunc(slots, func(a, b NextSlot) int { return strings.Compare(a.Start, b.Start) })
		d := DoctorNext{DoctorID: id, Slots: slots[:min(limit, len(slots))], Clinics: clinics[id]}
		slices.SortStableFunc(d.Clinics, func(a, b NextClinic) int { return strings.Compare(a.Slots[0].Start, b.Slots[0].Start) })
		if d.Slots == nil {
			d.Slots = []NextSlot{}
		}
		if d.Clinics == nil {
			d.Clinics = []NextClinic{}
		}
		if len(slots) > 0 {
			d.NextFree = &slots[0].Start
		}
		out.Doctors[i] = d
	}
	return out, nil
}

// clientIP is the visitor's address, as the sign-in limits read it.
func (h *Handler) clientIP(c *fiber.Ctx) string {
	return clientip.Resolve(c.Context().RemoteIP().String(), c.Get(fiber.HeaderXForwardedFor), h.TrustedProxies)
}

// sessionUser is the user of the session token, 0 for none.
func (h *Handler) sessionUser(ctx context.Context, token string) (int64, error) {
	id, err := h.Accounts.SessionUser(ctx, token, h.now())
	if errors.Is(err, account.ErrNoSession) {
		return 0, nil
	}
	return id, err
}

// relativeMayBook refuses a hold for relative id early: 404
// relative.notFound unless the session's user saved them (no session: no
// relatives), 429 when they or the account have their upcoming visits.
func (h *Handler) relativeMayBook(ctx context.Context, token string, id int64) error {
	user, err := h.sessionUser(ctx, token)
	if err != nil {
		return err
	}
	if user == 0 || id < 0 {
		return api.Fail(404, "relative.notFound")
	}
	return h.Store.RelativeMayBook(ctx, user, id, h.now())
}

func (h *Handler) hold(c *fiber.Ctx) error {
	in, read := c.Locals(holdRequestLocal).(HoldRequest)
	if !read {
		if err := api.Decode(c, &in); err != nil {
			return err
		}
	}
	if in.DoctorID <= 0 {
		return api.Fail(400, "booking.badDoctor")
	}
	if in.ClinicID <= 0 {
		return api.Fail(400, "booking.badClinic")
	}
	start, err := time.Parse(time.RFC3339, in.Start)
	if err != nil {
		return api.Fail(400, "booking.badStart")
	}
	if in.IdempotencyKey != "" && !uuidPattern.MatchString(in.IdempotencyKey) {
		return api.Fail(400, "booking.badIdempotencyKey")
	}
	if in.TypeID < 0 {
		return api.Fail(400, "booking.badType")
	}
	// The session is read only if the hold goes on to the database (Hold).
	token := utils.CopyString(c.Cookies(account.TokenCookie))
	if in.RelativeID != 0 {
		if err := h.relativeMayBook(c.UserContext(), token, in.RelativeID); err != nil {
			return err
		}
	}
	hold, err := h.Store.Hold(c.UserContext(), HoldInput{
		DoctorID: in.DoctorID, ClinicID: in.ClinicID, Start: start, TypeID: in.TypeID, ClientIP: h.clientIP(c),
		RequestKey:  strings.ToLower(in.IdempotencyKey),
		Session:     token,
		SessionUser: func(ctx context.Context) (int64, error) { return h.sessionUser(ctx, token) },
	}, h.now())
	if err != nil {
		return err
	}
	noStore(c)
	if !hold.Repeat {
		c.Status(fiber.StatusCreated)
	}
	return api.OK(c, hold)
}

func (h *Handler) release(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	key := c.Query("key")
	if id == 0 || key == "" {
		return api.Fail(400, "booking.badHold")
	}
	if err := h.Store.Release(c.UserContext(), id, utils.CopyString(key), h.now()); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// extend gives a hold its five minutes again, once, when its patient has
// signed in (Store.ExtendHold): the form asks it right after the SMS code.
func (h *Handler) extend(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	key := c.Query("key")
	if id == 0 || key == "" {
		return api.Fail(400, "booking.badHold")
	}
	expires, err := h.Store.ExtendHold(c.UserContext(), id, utils.CopyString(key), account.UserID(c), h.now())
	if err != nil {
		return err
	}
	return api.OK(c, HoldExpiry{ExpiresAt: Stamp(expires)})
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// MaxReason bounds the reason of a visit, in characters (limits.json).
var MaxReason = shared.MustReadLimits().VisitReasonMax

// maxPatientName bounds the name of someone a visit is for (limits.json).
var maxPatientName = shared.MustReadLimits().PatientNameMax

// check refuses a malformed request (400) or a form with mistakes (422
// with a message per field, in lang); it returns the cleaned request.
func (in BookRequest) check(dict Translator, lang string, today string) (BookRequest, error) {
	if in.HoldID <= 0 || in.HoldKey == "" {
		return in, api.Fail(400, "booking.badHold")
	}
	if !uuidPattern.MatchString(in.IdempotencyKey) {
		return in, api.Fail(400, "booking.badIdempotencyKey")
	}
	fields := map[string]string{}
	if in.Patient == nil {
		in.Patient = &Patient{}
	}
	p := *in.Patient
	switch {
	case in.RelativeID < 0:
		return in, api.Fail(404, "relative.notFound")
	case in.RelativeID > 0:
		// The relative's own name and birth date, read where the booking is made.
		p = Patient{}
	case !p.Self:
		p.Name = strings.Join(strings.Fields(p.Name), " ")
		if key := checkPatientName(p.Name); key != "" {
			fields["name"] = dict.T(lang, key)
		}
		if d, err := time.Parse(DateLayout, p.BirthDate); err != nil || d.Year() < 1900 || p.BirthDate > today {
			fields["birthDate"] = dict.T(lang, "booking.birthDateInvalid")
		}
	default:
		p = Patient{Self: true, FirstName: strings.TrimSpace(p.FirstName), LastName: strings.TrimSpace(p.LastName), BirthDate: strings.TrimSpace(p.BirthDate)}
	}
	in.Patient = &p
	in.Reason = strings.TrimSpace(in.Reason)
	if utf8.RuneCountInString(in.Reason) > MaxReason {
		fields["reason"] = dict.T(lang, "booking.reasonTooLong")
	}
	if !in.Consent {
		fields["consent"] = dict.T(lang, "booking.consentRequired")
	}
	if len(fields) > 0 {
		return in, &api.Error{Status: 422, Key: "booking.formInvalid", Fields: fields}
	}
	return in, nil
}

// checkPatientName: required, at most maxPatientName letters (any script), spaces,
// hyphens and Uzbek apostrophes.
func checkPatientName(name string) string {
	if name == "" {
		return "booking.nameRequired"
	}
	if utf8.RuneCountInString(name) > maxPatientName {
		return "booking.nameInvalid"
	}
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || strings.ContainsRune(" -'ʻʼ‘’`", r) {
			continue
		}
		return "booking.nameInvalid"
	}
	return ""
}

func (h *Handler) book(c *fiber.Ctx) error {
	var in BookRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	ctx, now, lang := c.UserContext(), h.now(), api.Lang(c)
	in, err := in.check(h.Dict, lang, Today(now))
	if err != nil {
		return err
	}
	userID := account.UserID(c)
	var selfName string
	if in.Patient.Self {
		if selfName, err = h.self(c, userID, *in.Patient, now); err != nil {
			return err
		}
	}
	id, repeat, err := h.Store.Book(ctx, BookInput{
		UserID: userID, HoldID: in.HoldID, HoldKey: in.HoldKey, IdempotencyKey: strings.ToLower(in.IdempotencyKey),
		Patient: *in.Patient, RelativeID: in.RelativeID, SelfName: selfName, Reason: in.Reason, Lang: lang, Returning: in.Returning,
	}, now)
	if err != nil {
		return err
	}
	b, err := h.Store.Booking(ctx, userID, id, lang, now, h.Dict)
	if err != nil {
		return err
	}
	noStore(c)
	if repeat {
		return api.OK(c, b)
	}
	c.Status(fiber.StatusCreated)
	return api.OK(c, b)
}

// self is the name a visit for oneself is booked under: the clinic needs
// the patient's first and last name and birth date, never a phone number
// in their place. What the profile lacks comes from the form (p), checked
// as the profile form checks it and saved into the profile's empty fields;
// still lacking or wrong, it is a 422 with a message per field
// (firstName, lastName, birthDate).
func (h *Handler) self(c *fiber.Ctx, userID int64, p Patient, now time.Time) (string, error) {
	ctx, lang := c.UserContext(), api.Lang(c)
	user, err := h.Accounts.User(ctx, userID)
	if err != nil {
		return "", err
	}
	given := account.Profile{FirstName: user.FirstName, LastName: user.LastName, BirthDate: user.BirthDate}
	for _, f := range []struct {
		have *string
		from string
	}{
		{&given.FirstName, p.FirstName}, {&given.LastName, p.LastName}, {&given.BirthDate, p.BirthDate},
	} {
		if *f.have == "" {
			*f.have = f.from
		}
	}
	cleaned, errs := given.Clean(now.In(Tashkent))
	fields := map[string]string{}
	for _, e := range errs {
		// What the profile holds was the profile form's to check.
		if e.Field == "firstName" && user.FirstName != "" || e.Field == "lastName" && user.LastName != "" {
			continue
		}
		fields[e.Field] = h.Dict.T(lang, e.Key, "field", h.Dict.T(lang, "account.field."+e.Field), "max", strconv.Itoa(account.MaxNameLength))
	}
	if cleaned.BirthDate == "" {
		fields["birthDate"] = h.Dict.T(lang, "booking.selfBirthDateRequired")
	}
	if len(fields) > 0 {
		return "", &api.Error{Status: 422, Key: "booking.selfIncomplete", Fields: fields}
	}
	if cleaned.FirstName != user.FirstName || cleaned.LastName != user.LastName || cleaned.BirthDate != user.BirthDate {
		if err := h.Accounts.FillProfile(ctx, userID, cleaned, now); err != nil {
			return "", err
		}
	}
	return cleaned.FirstName + " " + cleaned.LastName, nil
}

func (h *Handler) returning(c *fiber.Ctx) error {
	doctor := api.ID(c.Query("doctor"))
	if doctor == 0 {
		return api.Fail(400, "booking.badDoctor")
	}
	out, err := h.Store.Returning(c.UserContext(), account.UserID(c), doctor)
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, out)
}

func (h *Handler) visits(c *fiber.Ctx) error {
	v, err := h.Store.Visits(c.UserContext(), account.UserID(c), api.Lang(c), h.now(), h.Dict)
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, v)
}

func (h *Handler) cancel(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	if id == 0 {
		return api.Fail(404, "booking.notFound")
	}
	var in CancelRequest
	if len(c.Body()) > 0 {
		if err := api.Decode(c, &in); err != nil {
			return err
		}
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if utf8.RuneCountInString(in.Reason) > MaxReason {
		return &api.Error{Status: 422, Key: "booking.formInvalid", Fields: map[string]string{"reason": h.Dict.T(api.Lang(c), "booking.reasonTooLong")}}
	}
	ctx, now, user := c.UserContext(), h.now(), account.UserID(c)
	if err := h.Store.Cancel(ctx, user, id, in.Reason, now); err != nil {
		return err
	}
	b, err := h.Store.Booking(ctx, user, id, api.Lang(c), now, h.Dict)
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, b)
}

func (h *Handler) reschedule(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	if id == 0 {
		return api.Fail(404, "booking.notFound")
	}
	var in RescheduleRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if in.HoldID <= 0 || in.HoldKey == "" {
		return api.Fail(400, "booking.badHold")
	}
	ctx, now, user := c.UserContext(), h.now(), account.UserID(c)
	newID, err := h.Store.Reschedule(ctx, user, id, in.HoldID, in.HoldKey, api.Lang(c), now)
	if err != nil {
		return err
	}
	b, err := h.Store.Booking(ctx, user, newID, api.Lang(c), now, h.Dict)
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, b)
}

func (h *Handler) ics(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	if id == 0 {
		return api.Fail(404, "booking.notFound")
	}
	lang, now := api.Lang(c), h.now()
	// The event of the feed, same UID and SEQUENCE: a file imported and a
	// feed subscribed to later are one visit, not two.
	e, err := h.Store.EventOf(c.UserContext(), account.UserID(c), id, lang, now, h.Dict)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	c.Set(fiber.HeaderContentType, "text/calendar; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="sogliq-`+strconv.FormatInt(id, 10)+`.ics"`)
	return c.SendString(Calendar([]Event{e}, lang, h.PublicURL, now, h.Dict, false))
}

func (h *Handler) waitlists(c *fiber.Ctx) error {
	ids, err := parseDoctors(c.Query("doctors"))
	if err != nil {
		return err
	}
	doctors, err := h.Store.Waiting(c.UserContext(), account.UserID(c), ids)
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, Waitlists{Doctors: doctors})
}

func (h *Handler) joinWaitlist(c *fiber.Ctx) error {
	var in WaitlistRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if in.DoctorID <= 0 {
		return api.Fail(422, "booking.badDoctor")
	}
	if err := h.Store.JoinWaitlist(c.UserContext(), account.UserID(c), in.DoctorID, api.Lang(c), h.now()); err != nil {
		return err
	}
	noStore(c)
	c.Status(fiber.StatusCreated)
	return api.OK(c, Waitlists{Doctors: []int64{in.DoctorID}})
}

func (h *Handler) leaveWaitlist(c *fiber.Ctx) error {
	id := api.ID(c.Params("doctor"))
	if id == 0 {
		return api.Fail(404, "waitlist.notOn")
	}
	if err := h.Store.LeaveWaitlist(c.UserContext(), account.UserID(c), id, h.now()); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *Handler) claimOffer(c *fiber.Ctx) error {
	var in OfferRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	offer, err := h.Store.ClaimOffer(c.UserContext(), account.UserID(c), utils.CopyString(in.Offer), api.Lang(c), h.now())
	if err != nil {
		return err
	}
	noStore(c)
	return api.OK(c, offer)
}
