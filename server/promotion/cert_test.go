package promotion

import (
	"bytes"
	"testing"

	"rsc.io/pdf"

	"sogliq/server/i18n"
)

// TestVoucherPDFSubsetsTheFont: the embedded font is a subset, so a voucher
// stays small, and the document parses.
func TestVoucherPDFSubsetsTheFont(t *testing.T) {
	dict, err := i18n.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, test := range []struct {
		lang string
		p    Promotion
	}{
		{"ru", Promotion{Slug: "x", Title: "Комплексное обследование сердца", OldPrice: 1_500_000, NewPrice: 1_050_000, Discount: 30,
			StartsOn: "2026-01-01", EndsOn: "2026-12-31", Clinic: Clinic{Name: "Клиника «Шифо»", Address: "ул. Навои, 1", Phone: "+998 71 200-00-00"}}},
		{"uz", Promotion{Slug: "x", Title: "Yurakni kompleks tekshirish", OldPrice: 1_500_000, NewPrice: 1_050_000, Discount: 30,
			StartsOn: "2026-01-01", EndsOn: "2026-12-31", Clinic: Clinic{Name: "«Shifo» klinikasi", Address: "Navoiy ko'chasi, 1", Phone: "+998 71 200-00-00"}}},
	} {
		body, err := VoucherPDF("SQ0001ABCD", test.p, test.lang, dict)
		if err != nil {
			t.Fatal(err)
		}
		if len(body) > 200_000 {
			t.Errorf("%s: voucher is %d bytes; the font is not subset", test.lang, len(body))
		}
		if _, err := pdf.NewReader(bytes.NewReader(body), int64(len(body))); err != nil {
			t.Errorf("%s: %v", test.lang, err)
		}
	}
}
