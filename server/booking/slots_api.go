package booking

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
)

// slotsQuery is the parsed query of GET /api/doctors/{id}/slots.
type slotsQuery struct {
	doctor, clinic int64
	from           string
	days           int
	// types are the visit types chosen, at most one per clinic.
	types []int64
	// reschedule is the signed-in user's visit being moved, whose type
	// is offered even if switched off since (TypeChoice.Moved).
	reschedule int64
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
	if raw := c.Query("reschedule"); raw != "" {
		if q.reschedule = api.ID(raw); q.reschedule == 0 {
			return q, api.Fail(404, "booking.notFound")
		}
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
	choice := &TypeChoice{IDs: q.types}
	if q.reschedule != 0 {
		if choice.Moved, err = h.movedType(c, q.reschedule); err != nil {
			return err
		}
	}
	// The whole horizon is read, not just the days asked: NextFree.
	plans, err := h.Store.PlansOf(ctx, []int64{q.doctor}, 0, api.Lang(c), today, ThroughHorizon, now, choice)
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

// movedType is the type of the signed-in visitor's booked visit id, which
// its reschedule keeps (Store.movedType); 0 for anyone else.
func (h *Handler) movedType(c *fiber.Ctx, id int64) (int64, error) {
	user, err := h.sessionUser(c.UserContext(), c.Cookies(account.TokenCookie))
	if err != nil {
		return 0, err
	}
	return h.Store.movedType(c.UserContext(), user, id)
}
