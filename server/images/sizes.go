package images

import (
	"image"
	"image/color"
	"image/draw"

	xdraw "golang.org/x/image/draw"

	"sogliq/shared"
)

// Size is a named display size: the box an image fills on a page, in CSS
// pixels. Cover sizes crop to fill the box (photos); contain sizes fit the
// whole image inside it on a transparent ground (logos, medicine packs,
// where a cut-off edge would lose the name).
type Size struct {
	Name          string
	Width, Height int
	Contain       bool
}

// The display sizes (shared/images.json, which the client reads too). A
// page asks for one by name; every stored image has the sizes its Use
// lists, at 1x and 2x.
var (
	Avatar   = size("avatar")   // doctor on a card
	Portrait = size("portrait") // doctor page
	Logo     = size("logo")     // clinic on a card and its page
	Gallery  = size("gallery")  // clinic page gallery
	Card     = size("card")     // promotion, article and news cards
	Banner   = size("banner")   // promotion page
	Cover    = size("cover")    // article and news pages
	Pack     = size("pack")     // medicine
	Thumb    = size("thumb")    // search suggestions
)

var sizesFile = shared.MustReadImageSizes()

// size is the named size of images.json; a name it lacks is a broken build.
func size(name string) Size {
	s, ok := sizesFile.Sizes[name]
	if !ok {
		panic("images: no size " + name + " in shared/images.json")
	}
	return Size{Name: name, Width: s.Width, Height: s.Height, Contain: s.Contain}
}

// Use is what an image is for: the sizes it is encoded at when stored.
type Use struct {
	Name  string
	Sizes []Size
}

// The uses. The suggestion thumbnail is encoded for the entities search
// suggests with a picture (doctors, clinics, medicines).
var (
	DoctorPhoto  = Use{"doctor", []Size{Avatar, Portrait, Thumb}}
	ClinicLogo   = Use{"clinic", []Size{Logo, Thumb}}
	ClinicPhoto  = Use{"gallery", []Size{Gallery}}
	PromoBanner  = Use{"promotion", []Size{Card, Banner}}
	PostCover    = Use{"post", []Size{Card, Cover}}
	MedicinePack = Use{"medicine", []Size{Pack, Thumb}}
)

// Sizes lists every size by name (the media handler refuses other names).
var Sizes = func() map[string]Size {
	m := map[string]Size{}
	for name := range sizesFile.Sizes {
		m[name] = size(name)
	}
	return m
}()

// fit scales m into the size at density d (1 or 2).
func fit(m image.Image, s Size, d int) *image.NRGBA {
	w, h := s.Width*d, s.Height*d
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	b := m.Bounds()
	if s.Contain {
		// The largest rectangle of m's shape inside the box, centred.
		sw, sh := w, b.Dy()*w/b.Dx()
		if sh > h {
			sw, sh = b.Dx()*h/b.Dy(), h
		}
		sw, sh = max(sw, 1), max(sh, 1)
		draw.Draw(dst, dst.Rect, image.NewUniform(color.Transparent), image.Point{}, draw.Src)
		r := image.Rect((w-sw)/2, (h-sh)/2, (w-sw)/2+sw, (h-sh)/2+sh)
		scale(dst, r, m, b)
		return dst
	}
	// Cover: the largest centred crop of m with the box's shape.
	cw, ch := b.Dx(), b.Dx()*h/w
	if ch > b.Dy() {
		cw, ch = b.Dy()*w/h, b.Dy()
	}
	cw, ch = max(cw, 1), max(ch, 1)
	x0, y0 := b.Min.X+(b.Dx()-cw)/2, b.Min.Y+(b.Dy()-ch)/2
	scale(dst, dst.Rect, m, image.Rect(x0, y0, x0+cw, y0+ch))
	return dst
}

// scale draws src's sr into dst's r. A large reduction first halves with
// the cheap box-like bilinear pass, so the Catmull-Rom pass that gives the
// final sharpness reads a few times the output's pixels, not 12 million.
func scale(dst *image.NRGBA, r image.Rectangle, src image.Image, sr image.Rectangle) {
	for sr.Dx() > 4*r.Dx() && sr.Dy() > 4*r.Dy() {
		half := image.NewNRGBA(image.Rect(0, 0, sr.Dx()/2, sr.Dy()/2))
		xdraw.BiLinear.Scale(half, half.Rect, src, sr, draw.Src, nil)
		src, sr = half, half.Rect
	}
	xdraw.CatmullRom.Scale(dst, r, src, sr, draw.Over, nil)
}
