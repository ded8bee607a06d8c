package desk

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/api"
	"sogliq/server/booking"
	"sogliq/server/derrors"
)

// types reads the visit types of the clinic's doctors (only doctorID's
// when it is not 0), active or not, by doctor in their order, each with
// its length by the doctor's slot on date.
func (s *Store) types(ctx context.Context, clinicID, doctorID int64, date string) (map[int64][]DeskVisitType, error) {
	var rows []struct {
		DoctorID int64 `db:"doctor_id"`
		DeskVisitType
	}
	const q = `
		SELECT vt.doctor_id, vt.id, vt.kind, vt.name_ru, vt.name_uz, vt.slots, vt.price, vt.audience, vt.online,
		       vt.weekdays, vt.from_min, vt.until_min, vt.active, vt.position,
		       vt.slots * coalesce((
		           SELECT min(s.slot_min)
		           FROM schedules s
		           WHERE s.doctor_id = vt.doctor_id
		             AND s.clinic_id = vt.clinic_id
		             AND s.valid_from <= $3::date
		             AND (s.valid_to IS NULL OR s.valid_to >= $3::date)), 0) AS minutes
		FROM visit_types vt
		WHERE vt.clinic_id = $1
		  AND ($2 = 0 OR vt.doctor_id = $2)
		ORDER BY vt.doctor_id, vt.position, vt.id`
	if err := s.db.SelectContext(ctx, &rows, q, clinicID, doctorID, date); err != nil {
		return nil, fmt.Errorf("desk.types(%d): %w", clinicID, err)
	}
	out := map[int64][]DeskVisitType{}
	for _, r := range rows {
		out[r.DoctorID] = append(out[r.DoctorID], r.DeskVisitType)
	}
	return out, nil
}

// TypeClinic is the clinic of visit type id (sql.ErrNoRows for none).
func (s *Store) TypeClinic(ctx context.Context, id int64) (int64, error) {
	var clinic int64
	const q = `
		SELECT clinic_id
		FROM visit_types
		WHERE id = $1`
	err := s.db.GetContext(ctx, &clinic, q, id)
	return clinic, err
}

// CreateType adds a visit type of the doctor at the clinic (404
// desk.notAtClinic when he does not work there) and returns it.
func (s *Store) CreateType(ctx context.Context, in VisitTypeRequest, date string) (DeskVisitType, error) {
	var id int64
	const q = `
		INSERT INTO visit_types (doctor_id, clinic_id, kind, name_ru, name_uz, slots, price, audience, online,
		                         weekdays, from_min, until_min, active, position)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
		RETURNING id`
	err := s.db.GetContext(ctx, &id, q, in.DoctorID, in.ClinicID, in.Kind, in.NameRu, in.NameUz, in.Slots, in.Price, in.Audience,
		in.Online, in.Weekdays, in.From, in.Until, in.Active, in.Position)
	if isCode(err, foreignKeyViolation) {
		return DeskVisitType{}, derrors.Refuse(derrors.NotFound, "desk.notAtClinic")
	}
	if err != nil {
		return DeskVisitType{}, fmt.Errorf("desk.CreateType: %w", err)
	}
	return s.typeByID(ctx, in.ClinicID, in.DoctorID, id, date)
}

// UpdateType sets the fields of visit type id (its doctor and clinic
// stay) and returns it. Visits booked with it keep their length and
// price; a deactivated type is offered no more.
func (s *Store) UpdateType(ctx context.Context, id int64, f VisitTypeFields, date string) (DeskVisitType, error) {
	var place struct {
		DoctorID int64 `db:"doctor_id"`
		ClinicID int64 `db:"clinic_id"`
	}
	const q = `
		UPDATE visit_types
		SET kind = $2, name_ru = $3, name_uz = $4, slots = $5, price = $6, audience = $7, online = $8,
		    weekdays = $9, from_min = $10, until_min = $11, active = $12, position = $13, updated_at = now()
		WHERE id = $1
		RETURNING doctor_id, clinic_id`
	err := s.db.GetContext(ctx, &place, q, id, f.Kind, f.NameRu, f.NameUz, f.Slots, f.Price, f.Audience, f.Online,
		f.Weekdays, f.From, f.Until, f.Active, f.Position)
	if errors.Is(err, sql.ErrNoRows) {
		return DeskVisitType{}, derrors.Refuse(derrors.NotFound, "desk.notFound")
	}
	if err != nil {
		return DeskVisitType{}, fmt.Errorf("desk.UpdateType(%d): %w", id, err)
	}
	return s.typeByID(ctx, place.ClinicID, place.DoctorID, id, date)
}

func (s *Store) typeByID(ctx context.Context, clinicID, doctorID, id int64, date string) (DeskVisitType, error) {
	types, err := s.types(ctx, clinicID, doctorID, date)
	if err != nil {
		return DeskVisitType{}, err
	}
	for _, t := range types[doctorID] {
		if t.ID == id {
			return t, nil
		}
	}
	return DeskVisitType{}, fmt.Errorf("desk.typeByID(%d): %w", id, sql.ErrNoRows)
}

// MaxTypeName bounds a visit type's name in each language, in characters.
const MaxTypeName = 80

// MaxTypePrice bounds a visit type's price in so'm.
const MaxTypePrice = 100_000_000

// check cleans f and refuses, 422, what the database would (each with
// its own message): a kind or audience not known, a name missing or
// longer than MaxTypeName in either language, a length outside 1 ..
// booking.MaxTypeSlots slots, a price outside 0 .. MaxTypePrice, no
// weekday or hours outside the day.
func (f VisitTypeFields) check() (VisitTypeFields, error) {
	f.NameRu, f.NameUz = strings.Join(strings.Fields(f.NameRu), " "), strings.Join(strings.Fields(f.NameUz), " ")
	if f.Audience == "" {
		f.Audience = "all"
	}
	switch {
	case !slices.Contains(booking.Kinds, f.Kind):
		return f, derrors.Refuse(derrors.Unacceptable, "desk.typeKind")
	case f.NameRu == "" || f.NameUz == "" || utf8.RuneCountInString(f.NameRu) > MaxTypeName || utf8.RuneCountInString(f.NameUz) > MaxTypeName:
		return f, derrors.Refuse(derrors.Unacceptable, "desk.typeName", "max", strconv.Itoa(MaxTypeName))
	case f.Slots < 1 || f.Slots > booking.MaxTypeSlots:
		return f, derrors.Refuse(derrors.Unacceptable, "desk.typeSlots", "max", strconv.Itoa(booking.MaxTypeSlots))
	case f.Price < 0 || f.Price > MaxTypePrice:
		return f, derrors.Refuse(derrors.Unacceptable, "desk.typePrice")
	case !slices.Contains(booking.Audiences, f.Audience):
		return f, derrors.Refuse(derrors.Unacceptable, "desk.typeAudience")
	case f.Weekdays < 1 || f.Weekdays > 127 || f.From < 0 || f.From >= f.Until || f.Until > 1440 || f.Position < 0 || f.Position > 1000:
		return f, derrors.Refuse(derrors.Unacceptable, "desk.typeTimes")
	}
	return f, nil
}

func (h *Handler) createType(c *fiber.Ctx) error {
	var in VisitTypeRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	if err := h.staffOf(c, in.ClinicID); err != nil {
		return err
	}
	return h.writeNewType(c, in)
}

// writeNewType checks in and adds it: 201 with the type. The desk and the
// editor each check first who may.
func (h *Handler) writeNewType(c *fiber.Ctx, in VisitTypeRequest) error {
	f, err := in.check()
	if err != nil {
		return err
	}
	in.VisitTypeFields = f
	t, err := h.Store.CreateType(c.UserContext(), in, booking.Today(h.now()))
	if err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return api.OK(c, t)
}

func (h *Handler) updateType(c *fiber.Ctx) error {
	id := api.ID(c.Params("id"))
	if id == 0 {
		return api.Fail(404, "desk.notFound")
	}
	if err := h.owned(c, func() (int64, error) { return h.Store.TypeClinic(c.UserContext(), id) }, "desk.notFound"); err != nil {
		return err
	}
	return h.writeType(c, id)
}

// writeType decodes and checks the body and sets visit type id's fields
// to it. The desk and the editor each check first who may.
func (h *Handler) writeType(c *fiber.Ctx, id int64) error {
	var in VisitTypeRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	f, err := in.check()
	if err != nil {
		return err
	}
	t, err := h.Store.UpdateType(c.UserContext(), id, f, booking.Today(h.now()))
	if err != nil {
		return err
	}
	return api.OK(c, t)
}
