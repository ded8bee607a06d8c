package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/jmoiron/sqlx"

	"sogliq/server/rating"
)

// The booking side of the demo data: every doctor's weekly schedule at each
// of their clinics (doctor_clinics), public holidays at the state
// clinics, a few days off and changed hours, and visits of seeded patients
// (users with phones +998 77 …): some upcoming, some past (attended, no
// show, cancelled). Schedules and holidays are the same on every run;
// the visits and the one-off exceptions are placed relative to the day the
// seeder runs (they must lie in the next two weeks to mean anything), so
// only they depend on the clock.

// usersPerScale seeded patients per unit of scale.
const usersPerScale = 250

// tashkent is UTC+5 (booking.Tashkent; seed cannot import booking, whose
// tests seed databases).
var tashkent = time.FixedZone("UTC+5", 5*60*60)

// holidays are Uzbekistan's public holidays the state clinics close on.
var holidays = []string{
	"2026-01-01", "2026-03-08", "2026-03-21", "2026-05-09", "2026-09-01", "2026-10-01", "2026-12-08",
	"2027-01-01", "2027-03-08", "2027-03-21", "2027-05-09", "2027-09-01", "2027-10-01", "2027-12-08",
}

// hours is a stretch of a working day in minutes, with an optional lunch.
type hours struct {
	start, end int
	lunchStart int // 0 for none
	lunchEnd   int
}

// scheduleRow is a row of schedules.
type scheduleRow struct {
	doctor, clinic      int64
	weekday, start, end int
	slot                int
	breaks              string
}

type exceptionRow struct {
	clinic             int64
	doctor             any // int64 or nil for the whole clinic
	day                string
	start, end, slot   any
	reasonRu, reasonUz string
}

type appointmentRow struct {
	id, doctor, clinic, user int64
	start, end               time.Time
	status, cancelledBy      string
	price                    int64
	name, reason             string
	bookedAt                 time.Time
}

// bookingData is what writeBooking writes.
type bookingData struct {
	users        [][2]string // phone, first name
	schedules    []scheduleRow
	exceptions   []exceptionRow
	appointments []appointmentRow
	visitTypes   []visitTypeRow
}

// weekPatterns split a week between a doctor's clinics: index by the
// number of clinics, then pick one.
var weekPatterns = map[int][][][]int{
	1: {{{1, 2, 3, 4, 5}}, {{1, 2, 3, 4, 5, 6}}, {{1, 3, 5}}, {{2, 4, 6}}},
	2: {{{1, 3, 5}, {2, 4, 6}}, {{1, 2, 3}, {4, 5}}, {{1, 2, 3, 4, 5}, {6}}},
	3: {{{1, 4}, {2, 5}, {3, 6}}, {{1, 2}, {3, 4}, {5, 6}}},
}

// dayShapes are working days: start, end, lunch, in minutes.
var dayShapes = []hours{
	{start: 9 * 60, end: 18 * 60, lunchStart: 13 * 60, lunchEnd: 14 * 60},
	{start: 8 * 60, end: 14 * 60},
	{start: 14 * 60, end: 20 * 60},
	{start: 9 * 60, end: 17 * 60, lunchStart: 12*60 + 30, lunchEnd: 13*60 + 30},
	{start: 8*60 + 30, end: 16*60 + 30, lunchStart: 12 * 60, lunchEnd: 13 * 60},
}

var slotLengths = []int{15, 20, 20, 30, 30, 30, 30, 40, 60}

var seedReasons = []pair{
	{"Плановый осмотр", "Rejali ko'rik"},
	{"Боли в груди при нагрузке", "Jismoniy zo'riqishda ko'krakdagi og'riq"},
	{"Повторный приём", "Takroriy qabul"},
	{"Консультация по анализам", "Tahlillar bo'yicha maslahat"},
	{"", ""},
}

// generateBooking draws the booking data for the doctors and clinics of
// d; now places the visits and one-off exceptions.
func generateBooking(d *dataset, scale int, now time.Time) *bookingData {
	r := rand.New(rand.NewPCG(20240603, uint64(scale)))
	b := &bookingData{}
	nUsers := usersPerScale * scale
	for i := range nUsers {
		first := pick(r, maleNames).ru
		if r.IntN(2) == 0 {
			first = pick(r, femaleNames).ru
		}
		b.users = append(b.users, [2]string{fmt.Sprintf("99877%07d", i+1), first})
	}
	byDoctor := map[int64][][3]int64{}
	var order []int64
	for _, dc := range d.doctorClinics {
		if _, ok := byDoctor[dc[0]]; !ok {
			order = append(order, dc[0])
		}
		byDoctor[dc[0]] = append(byDoctor[dc[0]], dc)
	}
	for _, c := range d.clinics {
		if !c.isState {
			continue
		}
		for _, day := range holidays {
			b.exceptions = append(b.exceptions, exceptionRow{clinic: c.id, doctor: nil, day: day,
				reasonRu: "Праздничный день", reasonUz: "Bayram kuni"})
		}
	}
	b.addVisitTypes(d)
	b.addOnlineTypes(d)
	today := time.Date(now.In(tashkent).Year(), now.In(tashkent).Month(), now.In(tashkent).Day(), 0, 0, 0, 0, tashkent)
	busyUser := map[int64][][2]time.Time{}
	nextID := int64(1)
	for _, doctor := range order {
		clinics := byDoctor[doctor]
		patterns := weekPatterns[min(len(clinics), 3)]
		pattern := pick(r, patterns)
		shape := pick(r, dayShapes)
		slot := pick(r, slotLengths)
		var rows []scheduleRow
		for i, dc := range clinics[:min(len(clinics), 3)] {
			for _, wd := range pattern[i] {
				row := scheduleRow{doctor: doctor, clinic: dc[1], weekday: wd, start: shape.start, end: shape.end, slot: slot, breaks: "{}"}
				if wd == 6 { // Saturdays are short
					row.start, row.end = 9*60, 14*60
				} else if shape.lunchStart != 0 {
					row.breaks = fmt.Sprintf("{[%d,%d)}", shape.lunchStart, shape.lunchEnd)
				}
				rows = append(rows, row)
			}
		}
		b.schedules = append(b.schedules, rows...)
		b.addDoctorExceptions(r, rows, today)
		nextID = b.addVisits(r, rows, clinics, today, now, nUsers, busyUser, nextID)
	}
	return b
}

// addDoctorExceptions gives one doctor in twenty a day off, and one in
// thirty shorter hours, within the next two weeks.
func (b *bookingData) addDoctorExceptions(r *rand.Rand, rows []scheduleRow, today time.Time) {
	if len(rows) == 0 {
		return
	}
	row := pick(r, rows)
	day := nextWeekday(today.AddDate(0, 0, 1+r.IntN(12)), row.weekday).Format(time.DateOnly)
	switch x := r.IntN(60); {
	case x < 3:
		b.exceptions = append(b.exceptions, exceptionRow{clinic: row.clinic, doctor: row.doctor, day: day,
			reasonRu: "Врач в отпуске", reasonUz: "Shifokor ta'tilda"})
	case x < 5:
		b.exceptions = append(b.exceptions, exceptionRow{clinic: row.clinic, doctor: row.doctor, day: day,
			start: row.start, end: row.start + 3*row.slot, slot: row.slot,
			reasonRu: "Сокращённый день", reasonUz: "Qisqartirilgan kun"})
	}
}

// nextWeekday is the first date from d on that falls on ISO weekday wd.
func nextWeekday(d time.Time, wd int) time.Time {
	for isoWeekday(d) != wd {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

func isoWeekday(d time.Time) int {
	if w := int(d.Weekday()); w != 0 {
		return w
	}
	return 7
}

// addVisits books a few of the doctor's slots: for one doctor in three,
// one to three upcoming visits and one or two past ones, each by a
// seeded patient who is free then and has fewer than four upcoming visits.
func (b *bookingData) addVisits(r *rand.Rand, rows []scheduleRow, clinics [][3]int64, today, now time.Time, nUsers int,
	busyUser map[int64][][2]time.Time, nextID int64) int64 {
	if len(rows) == 0 || r.IntN(3) != 0 {
		return nextID
	}
	price := map[int64]int64{}
	for _, dc := range clinics {
		price[dc[1]] = dc[2]
	}
	taken := map[time.Time]bool{}
	for n := range 1 + r.IntN(3) + 1 + r.IntN(2) {
		past := n == 0 || (n == 1 && r.IntN(2) == 0)
		row := pick(r, rows)
		var day time.Time
		if past {
			day = nextWeekday(today.AddDate(0, 0, -7-r.IntN(21)), row.weekday)
		} else {
			day = nextWeekday(today.AddDate(0, 0, 1+r.IntN(12)), row.weekday)
		}
		starts := slotStarts(row)
		if len(starts) == 0 {
			continue
		}
		start := day.Add(time.Duration(pick(r, starts)) * time.Minute)
		end := start.Add(time.Duration(row.slot) * time.Minute)
		if taken[start] || (!past && !start.After(now.Add(2*time.Hour))) {
			continue
		}
		user := int64(1 + r.IntN(nUsers))
		if !b.userFree(busyUser, user, start, end, now) {
			continue
		}
		taken[start] = true
		busyUser[user] = append(busyUser[user], [2]time.Time{start, end})
		a := appointmentRow{id: nextID, doctor: row.doctor, clinic: row.clinic, user: user, start: start, end: end,
			status: "booked", price: price[row.clinic], name: b.users[user-1][1], reason: pick(r, seedReasons).ru,
			bookedAt: start.AddDate(0, 0, -1-r.IntN(5))}
		if past {
			switch x := r.IntN(10); {
			case x < 7:
				a.status = "attended"
			case x < 8:
				a.status = "no_show"
			case x < 9:
				a.status, a.cancelledBy = "cancelled", "patient"
			default:
				a.status, a.cancelledBy = "cancelled", "clinic"
			}
		}
		if a.bookedAt.After(now) {
			a.bookedAt = now
		}
		b.appointments = append(b.appointments, a)
		nextID++
	}
	return nextID
}

// userFree: the patient has no visit overlapping start..end and fewer
// than four upcoming ones (the limit is five).
func (b *bookingData) userFree(busy map[int64][][2]time.Time, user int64, start, end, now time.Time) bool {
	upcoming := 0
	for _, v := range busy[user] {
		if v[0].Before(end) && start.Before(v[1]) {
			return false
		}
		if v[1].After(now) {
			upcoming++
		}
	}
	return upcoming < 4
}

// slotStarts are a schedule row's slot starts in minutes (lunch skipped).
func slotStarts(row scheduleRow) []int {
	var lunch [2]int
	fmt.Sscanf(row.breaks, "{[%d,%d)}", &lunch[0], &lunch[1])
	var out []int
	for t := row.start; t+row.slot <= row.end; {
		if lunch[1] > 0 && t < lunch[1] && lunch[0] < t+row.slot {
			t = lunch[1]
			continue
		}
		out = append(out, t)
		t += row.slot
	}
	return out
}

// writeBooking copies the booking data: users, schedules, exceptions,
// visits and their status history (held, booked, then the outcome).
func writeBooking(ctx context.Context, tx *sqlx.Tx, b *bookingData) error {
	if err := copyRows(ctx, tx, "users", []string{"id", "phone", "first_name", "last_name", "registered_at"}, len(b.users),
		func(i int) []any {
			u := b.users[i]
			return []any{i + 1, u[0], u[1], "Демо", "2024-01-01T00:00:00Z"}
		}); err != nil {
		return err
	}
	if err := copyRows(ctx, tx, "schedules", []string{"doctor_id", "clinic_id", "weekday", "starts_min", "ends_min", "slot_min", "breaks", "valid_from"},
		len(b.schedules), func(i int) []any {
			s := b.schedules[i]
			return []any{s.doctor, s.clinic, s.weekday, s.start, s.end, s.slot, s.breaks, "2024-01-01"}
		}); err != nil {
		return err
	}
	if err := writeVisitTypes(ctx, tx, b); err != nil {
		return err
	}
	if err := copyRows(ctx, tx, "schedule_exceptions", []string{"clinic_id", "doctor_id", "day", "starts_min", "ends_min", "slot_min", "reason_ru", "reason_uz"},
		len(b.exceptions), func(i int) []any {
			e := b.exceptions[i]
			return []any{e.clinic, e.doctor, e.day, e.start, e.end, e.slot, e.reasonRu, e.reasonUz}
		}); err != nil {
		return err
	}
	if err := copyRows(ctx, tx, "appointments", []string{"id", "doctor_id", "clinic_id", "during", "status", "expires_at", "user_id",
		"price", "patient_self", "patient_name", "patient_key", "reason", "booked_at", "cancelled_by", "created_at", "updated_at"},
		len(b.appointments), func(i int) []any {
			a := b.appointments[i]
			var by any
			if a.cancelledBy != "" {
				by = a.cancelledBy
			}
			during := fmt.Sprintf("[%s,%s)", a.start.Format(time.RFC3339), a.end.Format(time.RFC3339))
			return []any{a.id, a.doctor, a.clinic, during, a.status, a.bookedAt.Add(5 * time.Minute), a.user,
				a.price, true, a.name + " Демо", "self", a.reason, a.bookedAt, by, a.bookedAt, a.bookedAt}
		}); err != nil {
		return err
	}
	var history [][4]any
	for _, a := range b.appointments {
		history = append(history, [4]any{a.id, "held", a.bookedAt, "patient"}, [4]any{a.id, "booked", a.bookedAt, "patient"})
		switch a.status {
		case "attended", "no_show":
			history = append(history, [4]any{a.id, a.status, a.end, "clinic"})
		case "cancelled":
			history = append(history, [4]any{a.id, a.status, a.start.Add(-24 * time.Hour), a.cancelledBy})
		}
	}
	if err := copyRows(ctx, tx, "appointment_history", []string{"appointment_id", "status", "at", "actor"}, len(history),
		func(i int) []any { h := history[i]; return []any{h[0], h[1], h[2], h[3]} }); err != nil {
		return err
	}
	return writeReviews(ctx, tx, b)
}

// seedReviewTexts are the texts of seeded reviews ("" for stars alone).
var seedReviewTexts = []struct {
	stars int
	text  string
}{
	{5, "Внимательный врач, всё подробно объяснил."},
	{5, "Shifokor juda e'tiborli, hammasini tushuntirib berdi."},
	{4, "Приём вовремя, но пришлось подождать в регистратуре."},
	{5, ""},
	{4, ""},
	{3, "Приём короткий, вопросы остались."},
	{5, "Rahmat, davolash yordam berdi."},
	{2, "Опоздал на 40 минут."},
}

// writeReviews gives six attended visits in ten a review a day after the
// visit (a generator of its own per visit: the rest of the demo data does
// not move), then every doctor's and every clinic's rating from them.
func writeReviews(ctx context.Context, tx *sqlx.Tx, b *bookingData) error {
	var rows [][]any
	for _, a := range b.appointments {
		r := rand.New(rand.NewPCG(uint64(a.id), 13))
		if a.status != "attended" || r.IntN(10) >= 6 {
			continue
		}
		t := pick(r, seedReviewTexts)
		rows = append(rows, []any{a.id, a.doctor, a.clinic, a.user, t.stars, t.text, a.end.Add(24 * time.Hour)})
	}
	if err := copyRows(ctx, tx, "reviews", []string{"appointment_id", "doctor_id", "clinic_id", "user_id", "stars", "body", "created_at"}, len(rows),
		func(i int) []any { return rows[i] }); err != nil {
		return err
	}
	if err := rating.RecomputeAll(ctx, tx); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	return nil
}
