package promotion

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/go-pdf/fpdf"
	qrcode "github.com/skip2/go-qrcode"

	"sogliq/server/derrors"
	"sogliq/server/i18n"
	"sogliq/server/money"
	"sogliq/server/page"
)

// DejaVu Sans (Bitstream Vera licence, fonts/LICENSE, from Debian's
// fonts-dejavu-core): the standard PDF fonts have no Cyrillic, so the
// voucher embeds a font that has it, and the Uzbek apostrophes.
var (
	//go:embed fonts/DejaVuSans.ttf
	fontRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	fontBold []byte
)

// Certificates returns the file loaders of the promotion domain: the PDF
// voucher /cert/{code}.pdf, keyed by path prefix.
func Certificates(s *Store, dict *i18n.Dict) map[string]page.FileLoader {
	return map[string]page.FileLoader{"/cert/": s.certificate(dict)}
}

// certificate answers /cert/{code}.pdf: the voucher of a running promotion
// in the request's language; an unknown code or an ended promotion is a 404.
func (s *Store) certificate(dict *i18n.Dict) page.FileLoader {
	return func(ctx context.Context, lang, name string) (page.File, error) {
		code, ok := strings.CutSuffix(name, ".pdf")
		if !ok || code == "" {
			return page.File{}, fmt.Errorf("certificate %q: %w", name, derrors.NotFound)
		}
		p, err := s.Certificate(ctx, code, lang)
		if err != nil {
			return page.File{}, err
		}
		body, err := VoucherPDF(code, p, lang, dict)
		if err != nil {
			return page.File{}, err
		}
		return page.File{ContentType: "application/pdf", Name: "sogliq-" + code + ".pdf", Body: body}, nil
	}
}

// VoucherPDF renders the voucher of code for p, read in lang: the code,
// the promotion, the clinic, the prices and discount, the validity and a
// QR code of the code. The document's title and keywords carry the code
// too.
func VoucherPDF(code string, p Promotion, lang string, dict *i18n.Dict) ([]byte, error) {
	doc := fpdf.New("P", "mm", "A5", "")
	doc.SetCompression(true)
	doc.AddUTF8FontFromBytes("DejaVu", "", fontRegular)
	doc.AddUTF8FontFromBytes("DejaVu", "B", fontBold)
	title := dict.T(lang, "cert.title")
	doc.SetTitle(title+" "+code, true)
	doc.SetKeywords(code, true)
	doc.SetAuthor(dict.T(lang, "site.name"), true)
	doc.SetCreator("Sog'liq", true)
	doc.AddPage()
	doc.SetMargins(12, 12, 12)

	doc.SetFont("DejaVu", "B", 18)
	doc.CellFormat(0, 10, title, "", 1, "C", false, 0, "")
	doc.SetFont("DejaVu", "B", 22)
	doc.CellFormat(0, 14, code, "1", 1, "C", false, 0, "")
	doc.Ln(4)
	doc.SetFont("DejaVu", "B", 13)
	doc.MultiCell(0, 6, p.Title, "", "L", false)
	doc.Ln(2)
	doc.SetFont("DejaVu", "", 11)
	lines := [][2]string{
		{dict.T(lang, "cert.clinic"), p.Clinic.Name},
		{dict.T(lang, "cert.address"), p.Clinic.Address},
		{dict.T(lang, "cert.phone"), p.Clinic.Phone},
		{dict.T(lang, "cert.price"), money.FormatPrice(int64(p.NewPrice), lang) + " (" + dict.T(lang, "cert.oldPrice") + " " + money.FormatPrice(int64(p.OldPrice), lang) + ")"},
		{dict.T(lang, "cert.discount"), fmt.Sprintf("%d%%", p.Discount)},
		{dict.T(lang, "cert.valid"), dict.T(lang, "cert.validRange", "from", p.StartsOn, "to", p.EndsOn)},
	}
	for _, l := range lines {
		doc.SetFont("DejaVu", "B", 11)
		doc.CellFormat(35, 6, l[0]+":", "", 0, "L", false, 0, "")
		doc.SetFont("DejaVu", "", 11)
		doc.MultiCell(0, 6, l[1], "", "L", false)
	}
	png, err := qrcode.Encode(code, qrcode.Medium, 512)
	if err != nil {
		return nil, fmt.Errorf("promotion.VoucherPDF(%q): %w", code, err)
	}
	opts := fpdf.ImageOptions{ImageType: "PNG"}
	doc.RegisterImageOptionsReader("qr", opts, bytes.NewReader(png))
	doc.ImageOptions("qr", 44, doc.GetY()+4, 60, 60, false, opts, 0, "")
	doc.SetY(doc.GetY() + 68)
	doc.SetFont("DejaVu", "", 9)
	doc.MultiCell(0, 5, dict.T(lang, "cert.note"), "", "C", false)
	var out bytes.Buffer
	if err := doc.Output(&out); err != nil {
		return nil, fmt.Errorf("promotion.VoucherPDF(%q): %w", code, err)
	}
	return out.Bytes(), nil
}
