package booking

import (
	"context"
	"fmt"
)

// Kinds are the kinds of visit types (visit_types.kind).
var Kinds = []string{"first", "followup", "procedure", "test"}

// Audiences are whom a visit type is for (visit_types.audience).
var Audiences = []string{"all", "children", "adults"}

// MaxTypeSlots bounds a visit type's length in consecutive slots.
const MaxTypeSlots = 8

// TypeChoice picks the visit type of each clinic's plan (PlansOf).
type TypeChoice struct {
	// Kind limits the types to one of Kinds; a clinic where the doctor has
	// no active type of it is left out. "" is any kind.
	Kind string
	// IDs are types chosen by id, each at its own clinic; a clinic none of
	// them is at gets the doctor's first active type there (of Kind), by
	// position.
	IDs []int64
	// Moved, when one of IDs, is the type of a visit being moved
	// (movedType): chosen even if the clinic has switched it off since,
	// since a visit moves in time only, with its type, length and price.
	Moved int64
}

// movedType is the visit type of the user's booked visit id: the type a
// reschedule keeps even when the clinic has switched it off since. 0 for
// no type, no user, another user's visit or one no longer booked.
func (s *Store) movedType(ctx context.Context, userID, id int64) (int64, error) {
	if userID == 0 || id <= 0 {
		return 0, nil
	}
	var types []int64
	const q = `
		SELECT coalesce(visit_type_id, 0)
		FROM appointments
		WHERE id = $1
		  AND user_id = $2
		  AND status = 'booked'`
	if err := s.db.SelectContext(ctx, &types, q, id, userID); err != nil {
		return 0, fmt.Errorf("booking.movedType(%d): %w", id, err)
	}
	if len(types) == 0 {
		return 0, nil
	}
	return types[0], nil
}

// typeRow is the visit type columns of typedClinics.
type typeRow struct {
	TypeID       int64  `db:"type_id"`
	TypeKind     string `db:"type_kind"`
	TypeName     string `db:"type_name"`
	TypeSlots    int    `db:"type_slots"`
	TypePrice    int    `db:"type_price"`
	TypeAudience string `db:"type_audience"`
	TypeOnline   bool   `db:"type_online"`
	TypeWeekdays int    `db:"type_weekdays"`
	TypeFrom     int    `db:"type_from"`
	TypeUntil    int    `db:"type_until"`
}

// typedClinics is Plans' clinics statement with each clinic's visit type
// ($4 the kind or ”, $5 the ids chosen, $6 a switched-off one that may be
// chosen all the same: TypeChoice.Moved; $7 DefaultHorizonDays): one probe
// of visit_types_doctor per clinic.
const typedClinics = `
	SELECT dc.doctor_id, dc.clinic_id, c.slug,
	       pick_lang($3, c.name_ru, c.name_uz) AS name,
	       pick_lang($3, c.address_ru, c.address_uz) AS address,
	       dc.price, coalesce(r.lead_min, 60) AS lead_min, coalesce(r.horizon_days, $7) AS horizon_days,
	       coalesce(r.cancel_cutoff_hours, 2) AS cutoff_hours,
	       coalesce(t.id, 0) AS type_id, coalesce(t.kind, '') AS type_kind,
	       coalesce(pick_lang($3, t.name_ru, t.name_uz), '') AS type_name,
	       coalesce(t.slots, 0) AS type_slots, coalesce(t.price, 0) AS type_price,
	       coalesce(t.audience, '') AS type_audience, coalesce(t.online, false) AS type_online,
	       coalesce(t.weekdays, 0) AS type_weekdays, coalesce(t.from_min, 0) AS type_from,
	       coalesce(t.until_min, 0) AS type_until
	FROM doctor_clinics dc
	JOIN clinics c ON c.id = dc.clinic_id
	LEFT JOIN clinic_booking_rules r ON r.clinic_id = dc.clinic_id
	LEFT JOIN LATERAL (
		SELECT vt.id, vt.kind, vt.name_ru, vt.name_uz, vt.slots, vt.price, vt.audience, vt.online,
		       vt.weekdays, vt.from_min, vt.until_min
		FROM visit_types vt
		WHERE vt.doctor_id = dc.doctor_id
		  AND vt.clinic_id = dc.clinic_id
		  AND (vt.active OR vt.id = $6)
		  AND ($4 = '' OR vt.kind = $4)
		ORDER BY vt.id = ANY($5) DESC, vt.position, vt.id
		LIMIT 1) t ON true
	WHERE dc.doctor_id = ANY($1)
	  AND ($2 = 0 OR dc.clinic_id = $2)
	  AND ($4 = '' OR t.id IS NOT NULL)
	ORDER BY array_position($1, dc.doctor_id), dc.clinic_id`

// fit is what the type asks of the times.
func (r typeRow) fit() Fit {
	return Fit{Slots: r.TypeSlots, Weekdays: r.TypeWeekdays, From: r.TypeFrom, Until: r.TypeUntil}
}

// visitType is the type as the API shows it, its length from the slot
// of the doctor's hours (slot minutes).
func (r typeRow) visitType(slot int) VisitType {
	return VisitType{ID: r.TypeID, Kind: r.TypeKind, Name: r.TypeName, Slots: r.TypeSlots, Minutes: r.TypeSlots * slot,
		Price: r.TypePrice, Audience: r.TypeAudience, Online: r.TypeOnline}
}

// slotOf is the slot length of p's hours: its first weekly row's, else
// its first exception's with hours; 0 with neither.
func slotOf(p Plan) int {
	for _, w := range p.Weekly {
		return w.Slot
	}
	for _, e := range p.Exceptions {
		if !e.Off {
			return e.Slot
		}
	}
	return 0
}

// TypesOf reads the active visit types of the doctor at each clinic (by
// clinic id, in position order), names in lang, lengths from the slot of
// the hours valid on date (YYYY-MM-DD).
func (s *Store) TypesOf(ctx context.Context, doctorID int64, lang, date string) (map[int64][]VisitType, error) {
	var rows []struct {
		ClinicID int64 `db:"clinic_id"`
		Slot     int   `db:"slot"`
		typeRow
	}
	const q = `
		SELECT vt.clinic_id, vt.id AS type_id, vt.kind AS type_kind,
		       pick_lang($2, vt.name_ru, vt.name_uz) AS type_name,
		       vt.slots AS type_slots, vt.price AS type_price, vt.audience AS type_audience, vt.online AS type_online,
		       coalesce((
		           SELECT min(s.slot_min)
		           FROM schedules s
		           WHERE s.doctor_id = vt.doctor_id
		             AND s.clinic_id = vt.clinic_id
		             AND s.valid_from <= $3::date
		             AND (s.valid_to IS NULL OR s.valid_to >= $3::date)), 0) AS slot
		FROM visit_types vt
		WHERE vt.doctor_id = $1
		  AND vt.active
		ORDER BY vt.clinic_id, vt.position, vt.id`
	if err := s.db.SelectContext(ctx, &rows, q, doctorID, lang, date); err != nil {
		return nil, fmt.Errorf("booking.TypesOf(%d): %w", doctorID, err)
	}
	out := map[int64][]VisitType{}
	for _, r := range rows {
		out[r.ClinicID] = append(out[r.ClinicID], r.visitType(r.Slot))
	}
	return out, nil
}
