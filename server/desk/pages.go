package desk

import (
	"context"
	"time"

	"sogliq/server/booking"
	"sogliq/server/page"
	"sogliq/server/role"
)

// PageDays is how many days /desk shows, today first.
const PageDays = 7

// Pages is the loader of /desk (route access "session": never cached,
// noindex). A user who is staff of no clinic gets the page saying so;
// staff of several clinics choose one with ?clinic=slug.
func Pages(store *Store, roles *role.Store, now func() time.Time) page.Loaders {
	return page.Loaders{"desk": func(ctx context.Context, req page.Request) (page.Result, error) {
		data := DeskPage{Clinics: []DeskClinic{}, Days: []string{}, Doctors: []DeskDoctor{}}
		ids, err := roles.StaffClinics(ctx, req.UserID)
		if err != nil {
			return page.Result{}, err
		}
		if data.Clinics, err = store.Clinics(ctx, ids, req.Lang); err != nil {
			return page.Result{}, err
		}
		if len(data.Clinics) == 0 {
			return page.Result{Data: data, NoIndex: true}, nil
		}
		data.Allowed, data.Clinic = true, data.Clinics[0]
		for _, c := range data.Clinics {
			if c.Slug == req.Query.Get("clinic") {
				data.Clinic = c
			}
		}
		t := now()
		day, err := store.Day(ctx, data.Clinic.ID, booking.Today(t), PageDays, req.Lang, t)
		if err != nil {
			return page.Result{}, err
		}
		if err := store.withDocuments(ctx, &day, data.Clinic.ID, req.UserID, t); err != nil {
			return page.Result{}, err
		}
		data.From, data.Days, data.Doctors, data.Now = day.From, day.Days, day.Doctors, booking.Stamp(t)
		if data.Rules, err = store.Rules(ctx, data.Clinic.ID); err != nil {
			return page.Result{}, err
		}
		return page.Result{Data: data, NoIndex: true}, nil
	}}
}
