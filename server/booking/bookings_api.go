package booking

import (
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/shared"
)

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
