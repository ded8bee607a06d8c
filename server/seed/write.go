package seed

import (
	"context"
	"fmt"
	"strings"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"
)

// write copies the generated rows into their tables, parents first.
func write(ctx context.Context, tx *sqlx.Tx, d *dataset) error {
	steps := []struct {
		table string
		cols  []string
		n     int
		row   func(i int) []any
	}{
		{"districts", []string{"id", "region_id", "slug", "name_ru", "name_uz"}, len(d.districts),
			func(i int) []any { x := d.districts[i]; return []any{x.id, x.regionID, x.slug, x.name.ru, x.name.uz} }},
		{"specialties", []string{"id", "slug", "name_ru", "name_uz", "name_children_ru", "name_children_uz", "description_ru", "description_uz"}, len(specialties),
			func(i int) []any {
				s := specialties[i]
				return []any{i + 1, s.slug, s.ru, s.uz, s.childRu, s.childUz, s.descRu, s.descUz}
			}},
		{"clinics", clinicColumns, len(d.clinics), func(i int) []any { return d.clinics[i].values() }},
		{"services", serviceColumns, len(d.services), func(i int) []any { return d.services[i].values() }},
		{"clinic_profiles", []string{"id", "slug", "name_ru", "name_uz", "description_ru", "description_uz"}, len(profiles),
			func(i int) []any {
				p := profiles[i]
				return []any{i + 1, p.slug, p.name.ru, p.name.uz, p.desc.ru, p.desc.uz}
			}},
		{"clinic_profile_links", []string{"clinic_id", "profile_id"}, len(d.profileLinks),
			func(i int) []any { x := d.profileLinks[i]; return []any{x[0], x[1]} }},
		{"clinic_hours", []string{"clinic_id", "weekday", "opens_min", "closes_min"}, len(d.clinicHours),
			func(i int) []any { x := d.clinicHours[i]; return []any{x[0], x[1], x[2], x[3]} }},
		{"clinic_services", []string{"clinic_id", "service_id", "price_from", "price_to"}, len(d.clinicServices),
			func(i int) []any { x := d.clinicServices[i]; return []any{x.clinic, x.service, x.from, x.to} }},
		{"doctors", doctorColumns, len(d.doctors), func(i int) []any { return d.doctors[i].values() }},
		{"doctor_specialties", []string{"doctor_id", "specialty_id"}, len(d.doctorSpecialties),
			func(i int) []any { x := d.doctorSpecialties[i]; return []any{x[0], x[1]} }},
		{"doctor_clinics", []string{"doctor_id", "clinic_id", "price"}, len(d.doctorClinics),
			func(i int) []any { x := d.doctorClinics[i]; return []any{x[0], x[1], x[2]} }},
	}
	for _, s := range steps {
		if err := copyRows(ctx, tx, s.table, s.cols, s.n, s.row); err != nil {
			return err
		}
	}
	return nil
}

// copyRows streams n rows into table with COPY.
func copyRows(ctx context.Context, tx *sqlx.Tx, table string, cols []string, n int, row func(i int) []any) error {
	quoted := make([]string, len(cols))
	for i, c := range cols {
		quoted[i] = pq.QuoteIdentifier(c)
	}
	stmt, err := tx.PrepareContext(ctx, "COPY "+pq.QuoteIdentifier(table)+" ("+strings.Join(quoted, ", ")+") FROM STDIN")
	if err != nil {
		return fmt.Errorf("copy %s: %w", table, err)
	}
	defer stmt.Close()
	for i := range n {
		if _, err := stmt.ExecContext(ctx, row(i)...); err != nil {
			return fmt.Errorf("copy %s row %d: %w", table, i, err)
		}
	}
	if _, err := stmt.ExecContext(ctx); err != nil {
		return fmt.Errorf("copy %s: %w", table, err)
	}
	return stmt.Close()
}

// serviceColumns are the columns serviceRow.values fills.
var serviceColumns = []string{"id", "kind", "parent_id", "slug", "name_ru", "name_uz",
	"description_ru", "description_uz", "preparation_ru", "preparation_uz", "turnaround_hours", "position"}

// values returns the row in serviceColumns order; a category has no parent.
func (s serviceRow) values() []any {
	var parent any
	if s.parent != 0 {
		parent = s.parent
	}
	return []any{s.id, s.kind, parent, s.slug, s.name.ru, s.name.uz,
		s.desc.ru, s.desc.uz, s.prep.ru, s.prep.uz, s.turnaround, s.position}
}
