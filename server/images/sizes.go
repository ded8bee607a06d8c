package images

import (
	"image"
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

// source is a decoded upload ready for resizing: RGBA (the pixel layout
// golang.org/x/image/draw has fast paths for) and its halvings, made once
// and shared by every size encoded from it.
type source struct {
	levels []*image.RGBA // levels[k] is the picture at 1/2^k; nil once released
	bounds image.Rectangle
}

// newSource converts m and turns it upright by EXIF orientation o.
func newSource(m image.Image, o int) *source {
	rgba, ok := m.(*image.RGBA)
	if n, isNRGBA := m.(*image.NRGBA); isNRGBA && n.Rect.Min == (image.Point{}) {
		rgba, ok = premultiplyInPlace(n), true
	}
	if !ok || rgba.Rect.Min != (image.Point{}) {
		b := m.Bounds()
		rgba = image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(rgba, rgba.Rect, m, b.Min, draw.Src)
	}
	up := upright(rgba, o)
	return &source{levels: []*image.RGBA{up}, bounds: up.Rect}
}

// premultiplyInPlace makes n RGBA over n's own pixels (the layout is the
// same; only the colours are multiplied by alpha): a PNG decodes to NRGBA,
// and a copy would double the memory of a large upload. n is not usable
// afterwards.
func premultiplyInPlace(n *image.NRGBA) *image.RGBA {
	p := n.Pix
	for i := 0; i+3 < len(p); i += 4 {
		a := uint32(p[i+3]) * 0x101
		if a == 0xffff {
			continue
		}
		// As color.NRGBA.RGBA computes it, so the result is draw.Draw's.
		for c := i; c < i+3; c++ {
			p[c] = uint8(uint32(p[c]) * 0x101 * a / 0xffff >> 8)
		}
	}
	return &image.RGBA{Pix: p, Stride: n.Stride, Rect: n.Rect}
}

// keepFrom makes the picture at 1/2^k and lets the finer ones go: no size
// still to encode reads them (the caller knows), and the full picture is
// most of an upload's memory.
func (s *source) keepFrom(k int) {
	s.level(k)
	clear(s.levels[:k])
}

// level returns the picture at 1/2^k.
func (s *source) level(k int) *image.RGBA {
	for len(s.levels) <= k {
		s.levels = append(s.levels, halve(s.levels[len(s.levels)-1]))
	}
	return s.levels[k]
}

// halve averages each 2×2 block: a box filter, exact at one half, with no
// buffer beyond its output (x/image/draw's kernels keep a float64 copy of
// the whole intermediate: 190 MB for a 12-megapixel photo).
func halve(m *image.RGBA) *image.RGBA {
	w, h := m.Rect.Dx()/2, m.Rect.Dy()/2
	out := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	for y := range h {
		r0 := m.Pix[(2*y)*m.Stride:]
		r1 := m.Pix[(2*y+1)*m.Stride:]
		o := out.Pix[y*out.Stride:]
		for x := range w {
			for c := range 4 {
				i := 8*x + c
				o[4*x+c] = uint8((uint32(r0[i]) + uint32(r0[i+4]) + uint32(r1[i]) + uint32(r1[i+4]) + 2) / 4)
			}
		}
	}
	return out
}

// fit scales the source into the size at density d (1 or 2).
func (s *source) fit(sz Size, d int) *image.NRGBA {
	dst, r, sr := s.plan(sz, d)
	s.scale(dst, r, sr)
	return unpremultiply(dst)
}

// finestLevel is the finest halving fit reads for the size at density d.
func (s *source) finestLevel(sz Size, d int) int {
	_, r, sr := s.plan(sz, d)
	return levelFor(r, sr)
}

// plan is fit's geometry: the output picture, the rectangle of it drawn
// into, and the part of the source drawn.
func (s *source) plan(sz Size, d int) (dst *image.RGBA, r, sr image.Rectangle) {
	w, h := sz.Width*d, sz.Height*d
	dst = image.NewRGBA(image.Rect(0, 0, w, h))
	b := s.bounds
	if sz.Contain {
		// The largest rectangle of the picture's shape inside the box, centred
		// on a transparent ground.
		sw, sh := w, b.Dy()*w/b.Dx()
		if sh > h {
			sw, sh = b.Dx()*h/b.Dy(), h
		}
		sw, sh = max(sw, 1), max(sh, 1)
		return dst, image.Rect((w-sw)/2, (h-sh)/2, (w-sw)/2+sw, (h-sh)/2+sh), b
	}
	// Cover: the largest centred crop with the box's shape.
	cw, ch := b.Dx(), b.Dx()*h/w
	if ch > b.Dy() {
		cw, ch = b.Dy()*w/h, b.Dy()
	}
	cw, ch = max(cw, 1), max(ch, 1)
	x0, y0 := (b.Dx()-cw)/2, (b.Dy()-ch)/2
	return dst, dst.Rect, image.Rect(x0, y0, x0+cw, y0+ch)
}

// levelFor is the smallest halving of sr still at least r's size.
func levelFor(r, sr image.Rectangle) int {
	k := 0
	for sr.Dx()>>(k+1) >= r.Dx() && sr.Dy()>>(k+1) >= r.Dy() {
		k++
	}
	return k
}

// scale draws the source's sr into dst's r: from the smallest halving
// still at least the output's size, so the Catmull-Rom pass, which gives
// the final sharpness, reads under 4× the output's pixels, not 12 million
// (and its float64 buffer, output width × source height, stays small).
func (s *source) scale(dst *image.RGBA, r, sr image.Rectangle) {
	k := levelFor(r, sr)
	src := s.level(k)
	sr = image.Rect(sr.Min.X>>k, sr.Min.Y>>k, sr.Max.X>>k, sr.Max.Y>>k).Intersect(src.Rect)
	xdraw.CatmullRom.Scale(dst, r, src, sr, draw.Src, nil)
}

// unpremultiply turns RGBA into the NRGBA the encoder takes; opaque pixels
// are the same bytes.
func unpremultiply(m *image.RGBA) *image.NRGBA {
	out := &image.NRGBA{Pix: m.Pix, Stride: m.Stride, Rect: m.Rect}
	for i := 0; i < len(out.Pix); i += 4 {
		a := uint32(out.Pix[i+3])
		if a == 0xff {
			continue
		}
		if a == 0 {
			out.Pix[i], out.Pix[i+1], out.Pix[i+2] = 0, 0, 0
			continue
		}
		for j := range 3 {
			out.Pix[i+j] = uint8(uint32(out.Pix[i+j]) * 0xff / a)
		}
	}
	return out
}
