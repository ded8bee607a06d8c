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
	p := Promotion{
		Slug: "x", TitleRu: "Комплексное обследование сердца", TitleUz: "Yurakni kompleks tekshirish",
		OldPrice: 1_500_000, NewPrice: 1_050_000, StartsOn: "2026-01-01", EndsOn: "2026-12-31",
		Clinic: Clinic{NameRu: "Клиника «Шифо»", NameUz: "«Shifo» klinikasi", AddressRu: "ул. Навои, 1", AddressUz: "Navoiy ko'chasi, 1", Phone: "+998 71 200-00-00"},
	}
	for _, lang := range []string{"ru", "uz"} {
		body, err := VoucherPDF("SQ0001ABCD", p, lang, dict)
		if err != nil {
			t.Fatal(err)
		}
		if len(body) > 200_000 {
			t.Errorf("%s: voucher is %d bytes; the font is not subset", lang, len(body))
		}
		if _, err := pdf.NewReader(bytes.NewReader(body), int64(len(body))); err != nil {
			t.Errorf("%s: %v", lang, err)
		}
	}
	if got := p.Discount(); got != 30 {
		t.Errorf("Discount() = %d, want 30", got)
	}
}
