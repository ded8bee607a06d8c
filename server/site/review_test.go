package site_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/site/sitetest"
	"sogliq/shared"
)

// TestDoctorReviews: the card shows the seeded reviews, each marked a
// verified visit, and an AggregateRating from them alone (none without
// reviews); a patient's review of an attended visit shows on the cached
// card at once.
func TestDoctorReviews(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	var rated struct {
		Slug   string  `db:"slug"`
		N      int     `db:"review_count"`
		Rating float64 `db:"rating"`
	}
	if err := s.DB.Get(&rated, `SELECT slug, review_count, rating::float8 AS rating FROM doctors WHERE review_count > 0 ORDER BY id LIMIT 1`); err != nil {
		t.Fatalf("no seeded reviews: %v", err)
	}
	var seeded int
	s.DB.Get(&seeded, `SELECT count(*) FROM reviews`)
	var fake int
	s.DB.Get(&fake, `SELECT count(*) FROM doctors d WHERE review_count <> (SELECT count(*) FROM reviews r WHERE r.doctor_id = d.id AND hidden_at IS NULL)`)
	if seeded == 0 || fake != 0 {
		t.Fatalf("%d seeded reviews, %d doctors with a count not from reviews", seeded, fake)
	}
	p := sitetest.Get(t, s.URL+"/doctor/"+rated.Slug)
	reviews := p.All(t, ".doctor-review")
	if len(reviews) != min(rated.N, 20) || len(p.All(t, ".doctor-review .doctor-review__verified")) != len(reviews) {
		t.Errorf("%d reviews shown (%d verified), the doctor has %d", len(reviews), len(p.All(t, ".doctor-review__verified")), rated.N)
	}
	r := obj(ofType(t, p, jsonLD(t, p), "Physician"), "aggregateRating")
	if r["reviewCount"] != float64(rated.N) || r["ratingValue"] != rated.Rating {
		t.Errorf("aggregateRating %v, want %d at %v", r, rated.N, rated.Rating)
	}

	// A doctor without reviews, a patient who saw them.
	var doctor struct {
		ID     int64  `db:"id"`
		Slug   string `db:"slug"`
		Clinic int64  `db:"clinic_id"`
	}
	if err := s.DB.Get(&doctor, `SELECT d.id, d.slug, min(dc.clinic_id) AS clinic_id FROM doctors d JOIN doctor_clinics dc ON dc.doctor_id = d.id
		WHERE d.review_count = 0 GROUP BY d.id ORDER BY d.id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	card := s.URL + "/doctor/" + doctor.Slug
	p = sitetest.Get(t, card)
	if obj(ofType(t, p, jsonLD(t, p), "Physician"), "aggregateRating") != nil || sitetest.Text(p.One(t, ".doctor__reviews p")) != "Отзывов пока нет." {
		t.Errorf("a doctor without reviews: %s", sitetest.Text(p.One(t, ".doctor__reviews")))
	}
	if p2 := sitetest.Get(t, card); p2.Resp.Header.Get("X-Cache") != "HIT" {
		t.Fatalf("the card is not cached: %q", p2.Resp.Header.Get("X-Cache"))
	}
	patient, _ := signIn(t, s, sms, "+998 90 700-00-21")
	start := time.Now().Add(-72 * time.Hour).Truncate(time.Hour)
	var visit int64
	if err := s.DB.Get(&visit, `INSERT INTO appointments (doctor_id, clinic_id, during, status, expires_at, user_id, price, patient_self, patient_name, patient_key, booked_at, created_at, updated_at)
		SELECT $1, $2, tstzrange($3, $4), 'attended', $3, u.id, 0, true, 'П', 'self', $3, $3, $3 FROM users u WHERE u.phone = '998907000021' RETURNING id`,
		doctor.ID, doctor.Clinic, start, start.Add(20*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if st := postJSON(t, s.URL+"/api/reviews", patient, fmt.Sprintf(`{"appointmentId": %d, "stars": 4, "text": "Помогли"}`, visit), nil); st != 201 {
		t.Fatalf("review: %d", st)
	}
	// The purge marks the cached card stale: the next visitor gets it while
	// one render replaces it (the cache's rule), the ones after the new card.
	if p = sitetest.Get(t, card); p.Resp.Header.Get("X-Cache") == "HIT" {
		t.Fatal("the card was not purged")
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		p = sitetest.Get(t, card)
		if len(p.All(t, ".doctor-review__text")) > 0 || time.Now().After(deadline) {
			break
		}
	}
	if got := p.All(t, ".doctor-review__text"); len(got) != 1 || sitetest.Text(got[0]) != "Помогли" {
		t.Errorf("the new review is not on the card (X-Cache %q)", p.Resp.Header.Get("X-Cache"))
	}
	r = obj(ofType(t, p, jsonLD(t, p), "Physician"), "aggregateRating")
	if r["reviewCount"] != float64(1) || r["ratingValue"] != 4.0 {
		t.Errorf("aggregateRating %v, want 1 at 4", r)
	}
}

// clinicLD is the clinic card's one JSON-LD block that has an address (its
// type depends on the clinic's kind).
func clinicLD(t *testing.T, p sitetest.Page) ld {
	t.Helper()
	var found []ld
	for _, b := range jsonLD(t, p) {
		if obj(b, "address") != nil {
			found = append(found, b)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%s: %d JSON-LD blocks with an address, want 1", p.Resp.Request.URL, len(found))
	}
	return found[0]
}

// TestClinicRatings: every seeded clinic's rating and count come from the
// published reviews of visits at it, by the doctors' formula; a clinic's
// card has an AggregateRating from them, none without reviews.
func TestClinicRatings(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	l := shared.MustReadLimits()
	var wrong int
	s.DB.Get(&wrong, `SELECT count(*) FROM clinics c
		LEFT JOIN (SELECT clinic_id, count(*) AS n, sum(stars) AS sum FROM reviews WHERE hidden_at IS NULL GROUP BY clinic_id) r ON r.clinic_id = c.id
		WHERE c.review_count <> coalesce(r.n, 0)
		   OR c.rating <> coalesce(round(($1::numeric * $2::numeric + r.sum) / ($1::numeric + r.n), 2), 0)`, l.RatingPriorWeight, l.RatingPriorMean)
	if wrong != 0 {
		t.Errorf("%d clinics with a rating not from their reviews", wrong)
	}
	var rated struct {
		Slug   string  `db:"slug"`
		N      int     `db:"review_count"`
		Rating float64 `db:"rating"`
	}
	if err := s.DB.Get(&rated, `SELECT slug, review_count, rating::float8 AS rating FROM clinics WHERE review_count > 0 ORDER BY id LIMIT 1`); err != nil {
		t.Fatalf("no clinic with reviews: %v", err)
	}
	p := sitetest.Get(t, s.URL+"/klinika/"+rated.Slug)
	if r := obj(clinicLD(t, p), "aggregateRating"); r["reviewCount"] != float64(rated.N) || r["ratingValue"] != rated.Rating {
		t.Errorf("aggregateRating %v, want %d at %v", r, rated.N, rated.Rating)
	}
	var unrated string
	if err := s.DB.Get(&unrated, `SELECT slug FROM clinics WHERE review_count = 0 ORDER BY id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if r := obj(clinicLD(t, sitetest.Get(t, s.URL+"/klinika/"+unrated)), "aggregateRating"); r != nil {
		t.Errorf("a clinic without reviews has aggregateRating %v", r)
	}
}

// TestReviewsInTheOtherLanguage: a review written in the other language
// than the page's carries that language in a lang attribute (Russian text
// on the Uzbek card, Uzbek on the Russian one); one in the page's language
// carries none.
func TestReviewsInTheOtherLanguage(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	var slug string
	if err := s.DB.Get(&slug, `SELECT d.slug FROM doctors d
		WHERE EXISTS (SELECT FROM reviews r WHERE r.doctor_id = d.id AND r.hidden_at IS NULL AND r.body ~ '[а-я]')
		  AND EXISTS (SELECT FROM reviews r WHERE r.doctor_id = d.id AND r.hidden_at IS NULL AND r.body ~ '^[A-Za-z]')
		ORDER BY d.id LIMIT 1`); err != nil {
		t.Fatalf("no doctor with reviews in both languages: %v", err)
	}
	cyrillic := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Cyrillic, r) })
	}
	for _, test := range []struct{ path, page, other string }{
		{"/doctor/" + slug, "ru", "uz"},
		{"/uz/doctor/" + slug, "uz", "ru"},
	} {
		p := sitetest.Get(t, s.URL+test.path)
		var own, other int
		for _, n := range p.All(t, ".doctor-review__text") {
			text, lang := sitetest.Text(n), sitetest.Attr(n, "lang")
			written := "uz"
			if cyrillic(text) {
				written = "ru"
			}
			want := ""
			if written != test.page {
				want = written
				other++
			} else {
				own++
			}
			if lang != want {
				t.Errorf("%s: %q has lang=%q, want %q", test.path, text, lang, want)
			}
		}
		if own == 0 || other == 0 {
			t.Errorf("%s: %d reviews in the page's language, %d in the other", test.path, own, other)
		}
	}
}
