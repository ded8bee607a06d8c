package seed

import (
	"context"
	"math/rand/v2"

	"github.com/jmoiron/sqlx"
)

// visitTypeRow is a row of visit_types.
type visitTypeRow struct {
	doctor, clinic        int64
	kind, audience        string
	name                  pair
	slots, price          int64
	weekdays, from, until int64
	position              int64
	online                bool
}

// extraTypes are the longer visits a doctor may offer besides the first
// visit and the follow-up: kind, names, slots, weekday mask, hours.
var extraTypes = []struct {
	kind                  string
	name                  pair
	slots                 int64
	weekdays, from, until int64
	priceTimes            float64
}{
	{"first", pair{"Расширенная консультация", "Kengaytirilgan maslahat"}, 2, 127, 0, 1440, 1.6},
	{"procedure", pair{"Процедура в кабинете врача", "Shifokor xonasida muolaja"}, 2, 31, 8 * 60, 13 * 60, 1.4},
	{"test", pair{"Обследование с заключением", "Xulosa bilan tekshiruv"}, 2, 63, 0, 1440, 1.3},
	{"followup", pair{"Консультация по результатам анализов", "Tahlil natijalari bo'yicha maslahat"}, 1, 127, 0, 1440, 0.6},
}

// addVisitTypes gives every doctor at each clinic 2-4 visit types: a first
// visit of one slot at the clinic's price (the listings' default, so their
// times are the plain slots'), a follow-up for less, often a longer visit,
// and for a doctor who sees children and adults often a child's first
// visit. Drawn from the doctor's id, not the generator, so the rest of the
// demo data stays as it was.
func (b *bookingData) addVisitTypes(d *dataset) {
	for _, dc := range d.doctorClinics {
		doctor, clinic, price := dc[0], dc[1], dc[2]
		r := rand.New(rand.NewPCG(uint64(doctor), uint64(clinic)+31))
		doc := d.doctors[doctor-1]
		audience := "all"
		switch {
		case doc.children && !doc.adults:
			audience = "children"
		case doc.adults && !doc.children:
			audience = "adults"
		}
		add := func(kind string, name pair, slots, weekdays, from, until int64, price int64, audience string) {
			b.visitTypes = append(b.visitTypes, visitTypeRow{doctor: doctor, clinic: clinic, kind: kind, audience: audience, name: name,
				slots: slots, price: price, weekdays: weekdays, from: from, until: until, position: int64(len(b.visitTypes))})
		}
		start := len(b.visitTypes)
		add("first", pair{"Первичный приём", "Birlamchi qabul"}, 1, 127, 0, 1440, price, audience)
		add("followup", pair{"Повторный приём", "Takroriy qabul"}, 1, 127, 0, 1440, roundPrice(float64(price)*0.7), audience)
		if r.IntN(10) < 6 {
			x := extraTypes[r.IntN(len(extraTypes))]
			add(x.kind, x.name, x.slots, x.weekdays, x.from, x.until, roundPrice(float64(price)*x.priceTimes), audience)
		}
		if audience == "all" && r.IntN(2) == 0 {
			add("first", pair{"Первичный приём ребёнка", "Bolani birlamchi qabul qilish"}, 1, 127, 0, 1440, price, "children")
		}
		for i := start; i < len(b.visitTypes); i++ {
			b.visitTypes[i].position = int64(i - start)
		}
	}
}

// addOnlineTypes gives about a third of the doctors' clinics an online
// consultation (a video visit of one slot, 80% of the clinic's price) when
// the doctor has fewer than four types there. The rows come after every
// other type, drawn from their own generator, so the types written before
// keep their ids.
func (b *bookingData) addOnlineTypes(d *dataset) {
	count := map[[2]int64]int64{}
	for _, v := range b.visitTypes {
		count[[2]int64{v.doctor, v.clinic}]++
	}
	for _, dc := range d.doctorClinics {
		doctor, clinic, price := dc[0], dc[1], dc[2]
		r := rand.New(rand.NewPCG(uint64(doctor), uint64(clinic)+97))
		n := count[[2]int64{doctor, clinic}]
		if r.IntN(3) != 0 || n >= 4 {
			continue
		}
		audience := "all"
		if doc := d.doctors[doctor-1]; !doc.children {
			audience = "adults"
		} else if !doc.adults {
			audience = "children"
		}
		b.visitTypes = append(b.visitTypes, visitTypeRow{doctor: doctor, clinic: clinic, kind: "followup", audience: audience,
			name: pair{"Онлайн-консультация", "Onlayn konsultatsiya"}, slots: 1, price: roundPrice(float64(price) * 0.8),
			weekdays: 127, from: 0, until: 1440, position: n, online: true})
	}
}

// roundPrice rounds so'm to thousands.
func roundPrice(p float64) int64 { return int64(p/1000+0.5) * 1000 }

// writeVisitTypes copies the visit types.
func writeVisitTypes(ctx context.Context, tx *sqlx.Tx, b *bookingData) error {
	return copyRows(ctx, tx, "visit_types", []string{"doctor_id", "clinic_id", "kind", "name_ru", "name_uz", "slots", "price",
		"audience", "weekdays", "from_min", "until_min", "position", "online"}, len(b.visitTypes), func(i int) []any {
		v := b.visitTypes[i]
		return []any{v.doctor, v.clinic, v.kind, v.name.ru, v.name.uz, v.slots, v.price, v.audience, v.weekdays, v.from, v.until, v.position, v.online}
	})
}
