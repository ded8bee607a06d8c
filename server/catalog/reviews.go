package catalog

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"
)

// DoctorReview is a published review on the doctor's card: every one is
// of an attended visit (server/review), so the card marks it verified.
type DoctorReview struct {
	Stars int    `db:"stars" json:"stars"`
	Text  string `db:"body" json:"text"`
	// Date is the review's date, YYYY-MM-DD in Tashkent.
	Date   string `db:"date" json:"date"`
	Clinic string `db:"clinic" json:"clinic"`
	// Lang is the language the text is written in (writtenIn): a page in
	// another language marks it with a lang attribute. Empty for a text
	// without letters.
	Lang string `db:"-" json:"lang"`
}

// MaxCardReviews is how many reviews the card shows, newest first.
const MaxCardReviews = 20

// tashkentZone is UTC+5, the zone of the dates patients see.
var tashkentZone = time.FixedZone("UTC+5", 5*60*60)

// DoctorReviews are the doctor's newest published reviews, clinic names in lang.
func (s *Store) DoctorReviews(ctx context.Context, doctorID int64, lang string) ([]DoctorReview, error) {
	var rows []struct {
		DoctorReview
		At time.Time `db:"created_at"`
	}
	const q = `
		SELECT v.stars, v.body, v.created_at, '' AS date,
		       pick_lang($2, c.name_ru, c.name_uz) AS clinic
		FROM reviews v
		JOIN clinics c ON c.id = v.clinic_id
		WHERE v.doctor_id = $1
		  AND v.hidden_at IS NULL
		ORDER BY v.created_at DESC, v.id DESC
		LIMIT $3`
	if err := s.db.SelectContext(ctx, &rows, q, doctorID, lang, MaxCardReviews); err != nil {
		return nil, fmt.Errorf("catalog.DoctorReviews(%d): %w", doctorID, err)
	}
	out := make([]DoctorReview, len(rows))
	for i, r := range rows {
		out[i] = r.DoctorReview
		out[i].Date = r.At.In(tashkentZone).Format("2006-01-02")
		out[i].Lang = writtenIn(r.Text)
	}
	return out, nil
}

// writtenIn names the language of a patient's text by its script, which is
// what tells the site's two languages apart (reviews keep no language):
// Cyrillic is Russian ("uz-Cyrl" with a letter only Uzbek Cyrillic has),
// Latin is Uzbek; "" when the text has no letters.
func writtenIn(text string) string {
	var cyrillic, latin int
	for _, r := range text {
		switch {
		case unicode.Is(unicode.Cyrillic, r):
			cyrillic++
		case unicode.Is(unicode.Latin, r):
			latin++
		}
	}
	switch {
	case cyrillic == 0 && latin == 0:
		return ""
	case cyrillic < latin:
		return "uz"
	case strings.ContainsAny(text, "ЎўҚқҒғҲҳ"):
		return "uz-Cyrl"
	default:
		return "ru"
	}
}
