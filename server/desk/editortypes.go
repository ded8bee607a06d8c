package desk

import (
	"context"
	"fmt"

	"github.com/gofiber/fiber/v2"

	"sogliq/server/account"
	"sogliq/server/api"
	"sogliq/server/booking"
	"sogliq/server/derrors"
	"sogliq/server/role"
)

// Visit types come from the clinic's desk and from the editors (issue 30):
// an editor sets any doctor's types at any of his clinics, through the
// same checks and writes as the clinic's staff, and sees none of the
// clinic's visits.
//
//	GET  /api/editor/doctor/{id}/visit-types               the doctor's types at each of his clinics
//	POST /api/editor/doctor/{id}/visit-types       VisitTypeRequest   a new one (201)
//	PUT  /api/editor/doctor/{id}/visit-types/{type} VisitTypeRequest  change or switch one off
func (h *Handler) registerEditorTypes(r fiber.Router, signedIn fiber.Handler) {
	editor := []fiber.Handler{signedIn, h.editorOnly}
	change := append([]fiber.Handler{account.SameOrigin}, editor...)
	r.Get("/api/editor/doctor/:id/visit-types", append(editor, h.editorTypes)...)
	r.Post("/api/editor/doctor/:id/visit-types", append(change, h.editorCreateType)...)
	r.Put("/api/editor/doctor/:id/visit-types/:type", append(change, h.editorUpdateType)...)
}

// editorOnly lets through an editor or an administrator (403 otherwise,
// with the editor's message).
func (h *Handler) editorOnly(c *fiber.Ctx) error {
	ok, err := h.Roles.Has(c.UserContext(), account.UserID(c), role.Editor, role.Admin)
	if err != nil {
		return err
	}
	if !ok {
		return api.Fail(fiber.StatusForbidden, "editor.forbidden")
	}
	return c.Next()
}

func (h *Handler) editorTypes(c *fiber.Ctx) error {
	doctor := api.ID(c.Params("id"))
	clinics, err := h.Store.DoctorTypes(c.UserContext(), doctor, api.Lang(c), booking.Today(h.now()))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return api.OK(c, EditorDoctorTypes{DoctorID: doctor, Clinics: clinics})
}

func (h *Handler) editorCreateType(c *fiber.Ctx) error {
	var in VisitTypeRequest
	if err := api.Decode(c, &in); err != nil {
		return err
	}
	in.DoctorID = api.ID(c.Params("id"))
	return h.writeNewType(c, in)
}

func (h *Handler) editorUpdateType(c *fiber.Ctx) error {
	doctor, id := api.ID(c.Params("id")), api.ID(c.Params("type"))
	// A type is found under its own doctor only.
	owner, err := h.Store.TypeDoctor(c.UserContext(), id)
	if err != nil {
		return err
	}
	if owner != doctor {
		return api.Fail(fiber.StatusNotFound, "desk.notFound")
	}
	return h.writeType(c, id)
}

// DoctorTypes are the visit types of doctor at each of his clinics,
// active or not (404 editor.notFound for no such doctor), the clinics by
// name in lang.
func (s *Store) DoctorTypes(ctx context.Context, doctor int64, lang, date string) ([]EditorClinicTypes, error) {
	var clinics []struct {
		ID   int64  `db:"id"`
		Name string `db:"name"`
		Slot int    `db:"slot_min"`
	}
	const q = `
		SELECT c.id, pick_lang($3, c.name_ru, c.name_uz) AS name,
		       coalesce((
		           SELECT min(s.slot_min)
		           FROM schedules s
		           WHERE s.doctor_id = dc.doctor_id
		             AND s.clinic_id = dc.clinic_id
		             AND s.valid_from <= $2::date
		             AND (s.valid_to IS NULL OR s.valid_to >= $2::date)), 0) AS slot_min
		FROM doctor_clinics dc
		JOIN clinics c ON c.id = dc.clinic_id
		WHERE dc.doctor_id = $1
		ORDER BY c.name_ru, c.id`
	if err := s.db.SelectContext(ctx, &clinics, q, doctor, date, lang); err != nil {
		return nil, fmt.Errorf("desk.DoctorTypes(%d): %w", doctor, err)
	}
	if len(clinics) == 0 {
		return nil, derrors.Refuse(derrors.NotFound, "editor.notFound")
	}
	out := make([]EditorClinicTypes, len(clinics))
	for i, c := range clinics {
		types, err := s.types(ctx, c.ID, doctor, date)
		if err != nil {
			return nil, err
		}
		out[i] = EditorClinicTypes{ClinicID: c.ID, ClinicName: c.Name, SlotMin: c.Slot, Types: types[doctor]}
		if out[i].Types == nil {
			out[i].Types = []DeskVisitType{}
		}
	}
	return out, nil
}

// TypeDoctor is the doctor of visit type id (a NotFound refusal for none).
func (s *Store) TypeDoctor(ctx context.Context, id int64) (int64, error) {
	var doctor []int64
	if err := s.db.SelectContext(ctx, &doctor, `SELECT doctor_id FROM visit_types WHERE id = $1`, id); err != nil {
		return 0, fmt.Errorf("desk.TypeDoctor(%d): %w", id, err)
	}
	if len(doctor) == 0 {
		return 0, derrors.Refuse(derrors.NotFound, "desk.notFound")
	}
	return doctor[0], nil
}
