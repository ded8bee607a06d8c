package seed

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"log/slog"
	"math"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"sogliq/server/images"
)

// The demo pictures are drawn here (shapes, not photos) and go through the
// same pipeline as uploads. A small set is drawn and reused by hash: the
// seed stores only names (the hashes), and Media encodes each distinct
// picture once into the store, so seeding stays fast and a store that
// already has them encodes nothing.

// picture is a drawn file and the use it is encoded for.
type picture struct {
	data []byte
	hash string
	use  images.Use
}

// demoPictures are drawn once per process: the seed needs their hashes,
// Media their bytes; they never change.
var demoPictures = sync.OnceValue(func() map[string][]picture {
	set := map[string][]picture{}
	add := func(kind string, use images.Use, n int, draw func(i int) image.Image, asPNG bool) {
		for i := range n {
			var b bytes.Buffer
			m := draw(i)
			if asPNG {
				_ = png.Encode(&b, m)
			} else {
				_ = jpeg.Encode(&b, m, &jpeg.Options{Quality: 88})
			}
			set[kind] = append(set[kind], picture{b.Bytes(), images.Hash(b.Bytes()), use})
		}
	}
	add("doctor-m", images.DoctorPhoto, 4, func(i int) image.Image { return drawPortrait(i, false) }, false)
	add("doctor-f", images.DoctorPhoto, 4, func(i int) image.Image { return drawPortrait(i, true) }, false)
	add("logo", images.ClinicLogo, 6, drawLogo, true)
	add("room", images.ClinicPhoto, 6, drawRoom, false)
	add("banner", images.PromoBanner, 4, func(i int) image.Image { return drawBanner(i, 960, 480) }, false)
	add("cover", images.PostCover, 6, func(i int) image.Image { return drawBanner(i+4, 960, 540) }, false)
	add("pack", images.MedicinePack, 6, drawPack, true)
	return set
})

// hashes lists the hashes of a kind of demo picture.
func hashes(kind string) pq.StringArray {
	var out pq.StringArray
	for _, p := range demoPictures()[kind] {
		out = append(out, p.hash)
	}
	return out
}

// writePictures names the demo pictures on the entities: four doctors in
// five have a photo (the rest show their initials), every clinic a logo
// and three gallery photos, promotions a banner, articles and news a
// cover, medicines a pack.
func writePictures(ctx context.Context, tx *sqlx.Tx) error {
	for _, step := range []struct {
		query string
		args  []any
	}{
		{`
			UPDATE doctors
			SET photo = CASE gender WHEN 'f' THEN ($1::text[])[1 + id % cardinality($1)]
				ELSE ($2::text[])[1 + id % cardinality($2)] END
			WHERE id % 5 <> 0`, []any{hashes("doctor-f"), hashes("doctor-m")}},
		{`
			UPDATE clinics
			SET logo = ($1::text[])[1 + id % cardinality($1)],
				photos = ARRAY[($2::text[])[1 + id % cardinality($2)],
					($2::text[])[1 + (id + 1) % cardinality($2)],
					($2::text[])[1 + (id + 2) % cardinality($2)]]`, []any{hashes("logo"), hashes("room")}},
		{`
			UPDATE promotions
			SET image = ($1::text[])[1 + id % cardinality($1)]`, []any{hashes("banner")}},
		{`
			UPDATE posts
			SET cover = ($1::text[])[1 + id % cardinality($1)]
			WHERE kind IN ('article', 'news')`, []any{hashes("cover")}},
		{`
			UPDATE products
			SET image = ($1::text[])[1 + id % cardinality($1)]`, []any{hashes("pack")}},
	} {
		if _, err := tx.ExecContext(ctx, step.query, step.args...); err != nil {
			return fmt.Errorf("writePictures: %w", err)
		}
	}
	return nil
}

// Media encodes the demo pictures into p's store; those already there
// (by hash) cost a look-up each.
func Media(ctx context.Context, p *images.Pipeline, log *slog.Logger) error {
	start := time.Now()
	n := 0
	for _, set := range demoPictures() {
		for _, pic := range set {
			if _, err := p.Put(ctx, pic.data, pic.use); err != nil {
				return fmt.Errorf("seed.Media: %w", err)
			}
			n++
		}
	}
	if log != nil {
		log.InfoContext(ctx, "seed: demo pictures stored", slog.Int("pictures", n), slog.Duration("took", time.Since(start)))
	}
	return nil
}

// palette are the grounds of the drawings.
var palette = []color.NRGBA{
	{0x49, 0x6a, 0xcf, 255}, {0x2f, 0x9e, 0x8f, 255}, {0xe0, 0x8a, 0x3c, 255},
	{0x8e, 0x5c, 0xc4, 255}, {0x3c, 0x8d, 0xc4, 255}, {0xd0, 0x5a, 0x6e, 255},
	{0x5a, 0xa0, 0x4c, 255}, {0x6b, 0x7a, 0x8f, 255},
}

// canvas is an image being drawn pixel by pixel: RGBA, which image/jpeg
// and image/png read without converting each pixel; every painted pixel
// is opaque, so it is the same as NRGBA.
type canvas struct{ *image.RGBA }

func newCanvas(w, h int) canvas { return canvas{image.NewRGBA(image.Rect(0, 0, w, h))} }

func (c canvas) set(x, y int, col color.NRGBA) {
	i := c.PixOffset(x, y)
	c.Pix[i], c.Pix[i+1], c.Pix[i+2], c.Pix[i+3] = col.R, col.G, col.B, col.A
}

// shape is a region to paint: its bounding box and whether a point of the
// box is inside (nil: all of it). Painting visits the box only.
type shape struct {
	box image.Rectangle
	in  func(x, y float64) bool
}

// fill paints the pixels of s.
func (c canvas) fill(col color.NRGBA, s shape) {
	r := s.box.Intersect(c.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if s.in == nil || s.in(float64(x), float64(y)) {
				c.set(x, y, col)
			}
		}
	}
}

// gradient paints from col at the top to a lighter col at the bottom.
func (c canvas) gradient(col color.NRGBA) {
	b := c.Bounds()
	for y := range b.Dy() {
		t := float64(y) / float64(b.Dy())
		row := mix(col, color.NRGBA{255, 255, 255, 255}, 0.15+0.45*t)
		for x := range b.Dx() {
			c.set(x, y, row)
		}
	}
}

func mix(a, b color.NRGBA, t float64) color.NRGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.NRGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

func ellipse(cx, cy, rx, ry float64) shape {
	return shape{box(cx-rx, cy-ry, cx+rx+1, cy+ry+1), func(x, y float64) bool {
		dx, dy := (x-cx)/rx, (y-cy)/ry
		return dx*dx+dy*dy <= 1
	}}
}

func rect(x0, y0, x1, y1 float64) shape { return shape{box(x0, y0, x1, y1), nil} }

func box(x0, y0, x1, y1 float64) image.Rectangle {
	return image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
}

var skins = []color.NRGBA{{0xf1, 0xc2, 0x9c, 255}, {0xd9, 0xa0, 0x76, 255}, {0xe8, 0xb4, 0x8a, 255}, {0xc6, 0x8a, 0x62, 255}}

// drawPortrait is a doctor in a white coat on a coloured ground, 360×450.
func drawPortrait(i int, female bool) image.Image {
	c := newCanvas(360, 450)
	c.gradient(palette[(i*3+map[bool]int{false: 0, true: 1}[female])%len(palette)])
	white := color.NRGBA{250, 250, 252, 255}
	hair := color.NRGBA{0x3a, 0x2a, 0x20, 255}
	skin := skins[i%len(skins)]
	c.fill(white, ellipse(180, 470, 170, 150))                           // coat
	c.fill(color.NRGBA{0x2f, 0x9e, 0xb0, 255}, rect(150, 330, 210, 450)) // scrubs
	c.fill(skin, rect(155, 250, 205, 340))                               // neck
	if female {
		c.fill(hair, ellipse(180, 200, 98, 120))
	}
	c.fill(skin, ellipse(180, 190, 75, 92)) // face
	if !female {
		c.fill(hair, shape{box(100, 90, 261, 140), ellipse(180, 150, 80, 60).in})
	}
	c.fill(color.NRGBA{0x30, 0x30, 0x40, 255}, ellipse(152, 190, 7, 7))
	c.fill(color.NRGBA{0x30, 0x30, 0x40, 255}, ellipse(208, 190, 7, 7))
	c.fill(color.NRGBA{0x40, 0x40, 0x48, 255}, shape{box(94, 300, 267, 387), func(x, y float64) bool { // stethoscope
		d := math.Hypot(x-180, y-300)
		return d > 78 && d < 86
	}})
	return c
}

// drawLogo is a cross in a rounded square on a transparent ground, 256×256.
func drawLogo(i int) image.Image {
	c := newCanvas(256, 256)
	col := palette[i%len(palette)]
	c.fill(col, shape{box(8, 8, 249, 249), func(x, y float64) bool {
		dx, dy := math.Max(math.Abs(x-128)-88, 0), math.Max(math.Abs(y-128)-88, 0)
		return math.Hypot(dx, dy) <= 32
	}})
	white := color.NRGBA{255, 255, 255, 255}
	arm := 26.0 + float64(i%3)*6
	c.fill(white, rect(128-arm, 60, 128+arm, 196))
	c.fill(white, rect(60, 128-arm, 196, 128+arm))
	return c
}

// drawRoom is a clinic room: wall, floor, window and a couch, 720×480.
func drawRoom(i int) image.Image {
	c := newCanvas(720, 480)
	wall := mix(palette[(i+2)%len(palette)], color.NRGBA{255, 255, 255, 255}, 0.7)
	c.fill(wall, rect(0, 0, 720, 330))
	c.fill(color.NRGBA{0xb8, 0x9b, 0x7a, 255}, rect(0, 330, 720, 480))
	wx := 80.0 + float64(i%3)*180
	c.fill(color.NRGBA{0xf4, 0xf6, 0xf8, 255}, rect(wx-8, 60, wx+228, 238))
	c.fill(color.NRGBA{0x9c, 0xd0, 0xf0, 255}, rect(wx, 68, wx+220, 230))
	c.fill(color.NRGBA{0xf4, 0xf6, 0xf8, 255}, rect(wx+106, 68, wx+114, 230))
	c.fill(palette[i%len(palette)], rect(420-float64(i%2)*300, 270, 660-float64(i%2)*300, 360))
	c.fill(color.NRGBA{250, 250, 250, 255}, rect(430-float64(i%2)*300, 255, 650-float64(i%2)*300, 285))
	return c
}

// drawBanner is a ground with large circles and a band, w×h.
func drawBanner(i, w, h int) image.Image {
	c := newCanvas(w, h)
	c.gradient(palette[i%len(palette)])
	fw, fh := float64(w), float64(h)
	light := mix(palette[i%len(palette)], color.NRGBA{255, 255, 255, 255}, 0.5)
	c.fill(light, ellipse(fw*0.78, fh*0.5, fh*0.42, fh*0.42))
	c.fill(palette[(i+3)%len(palette)], ellipse(fw*0.78, fh*0.5, fh*0.22, fh*0.22))
	c.fill(color.NRGBA{255, 255, 255, 255}, rect(fw*0.08, fh*0.36, fw*0.5, fh*0.44))
	c.fill(color.NRGBA{255, 255, 255, 255}, rect(fw*0.08, fh*0.52, fw*0.36, fh*0.58))
	return c
}

// drawPack is a medicine box with a coloured band and a pill, 256×256, on
// a transparent ground.
func drawPack(i int) image.Image {
	c := newCanvas(256, 256)
	c.fill(color.NRGBA{0xfa, 0xfa, 0xfa, 255}, rect(28, 56, 228, 200))
	c.fill(color.NRGBA{0xd8, 0xdc, 0xe2, 255}, rect(28, 196, 228, 204))
	c.fill(palette[i%len(palette)], rect(28, 56, 228, 96))
	c.fill(palette[(i+4)%len(palette)], ellipse(110, 150, 22, 22))
	c.fill(palette[(i+4)%len(palette)], ellipse(150, 150, 22, 22))
	c.fill(palette[(i+4)%len(palette)], rect(110, 128, 150, 172))
	return c
}
