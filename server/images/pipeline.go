package images

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"log/slog"

	"github.com/gen2brain/webp"
	xwebp "golang.org/x/image/webp"
)

// Image is a stored upload: its key and its upright dimensions.
type Image struct {
	Hash          string
	Format        Format
	Width, Height int
}

// Pipeline checks, encodes and stores uploads.
type Pipeline struct {
	Store Store
	// Slots bounds the uploads decoded at once (default 1): a 40-megapixel
	// image takes 160 MB decoded, so memory is Slots × that, whatever the
	// number of uploaders.
	Slots chan struct{}
	// Logger reports each encoding; nil is silent.
	Logger *slog.Logger
}

// New returns a Pipeline over store that decodes one upload at a time.
func New(store Store, logger *slog.Logger) *Pipeline {
	return &Pipeline{Store: store, Slots: make(chan struct{}, 1), Logger: logger}
}

// Key is the store key of a variant: Key(hash, Card, 2) is
// "ab/abcd…/card-360x180@2x.webp". The box is part of the name, so a size
// whose box changes is encoded anew instead of serving the old shape.
func Key(hash string, s Size, density int) string {
	return hash[:2] + "/" + hash + "/" + fileName(s, density)
}

// fileName is a variant's file name within its image's folder.
func fileName(s Size, density int) string {
	name := fmt.Sprintf("%s-%dx%d", s.Name, s.Width, s.Height)
	if density > 1 {
		name += fmt.Sprintf("@%dx", density)
	}
	return name + ".webp"
}

// OriginalKey is the store key of an upload's original (metadata removed).
func OriginalKey(hash string, f Format) string {
	return hash[:2] + "/" + hash + "/original." + string(f)
}

// Put checks an upload (see Check), stores its original without metadata
// and encodes each of use's sizes at 1x and 2x that is not stored yet:
// bytes uploaded before encode nothing. Refusals are *derrors.Refusal.
func (p *Pipeline) Put(ctx context.Context, data []byte, use Use) (Image, error) {
	format, cfg, err := Check(data)
	if err != nil {
		return Image{}, err
	}
	img := Image{Hash: Hash(data), Format: format, Width: cfg.Width, Height: cfg.Height}
	orient := 1
	if format == JPEG {
		orient = orientation(data)
	}
	if orient >= 5 {
		img.Width, img.Height = img.Height, img.Width
	}
	type job struct {
		size    Size
		density int
	}
	var missing []job
	for _, s := range use.Sizes {
		for _, d := range []int{1, 2} {
			has, err := p.Store.Has(ctx, Key(img.Hash, s, d))
			if err != nil {
				return img, fmt.Errorf("images.Put: %w", err)
			}
			if !has {
				missing = append(missing, job{s, d})
			}
		}
	}
	okey := OriginalKey(img.Hash, format)
	hasOriginal, err := p.Store.Has(ctx, okey)
	if err != nil {
		return img, fmt.Errorf("images.Put: %w", err)
	}
	if hasOriginal && len(missing) == 0 {
		return img, nil
	}
	select {
	case p.Slots <- struct{}{}:
		defer func() { <-p.Slots }()
	case <-ctx.Done():
		return img, ctx.Err()
	}
	// Decoded before anything is stored: pixels that do not decode are a
	// refusal, and a refused upload leaves nothing behind.
	m, err := decode(format, data)
	if err != nil {
		return img, errCorrupt(fmt.Errorf("images.Put(%s): %w", format, err))
	}
	if !hasOriginal {
		if err := p.Store.Put(ctx, okey, stripMetadata(format, data), "image/"+mime(format)); err != nil {
			return img, err
		}
	}
	if len(missing) == 0 {
		return img, nil
	}
	// Only the halvings the sizes read are kept: the full picture is most
	// of an upload's memory, and it is rarely read itself.
	src := newSource(m, orient)
	finest := src.finestLevel(missing[0].size, missing[0].density)
	for _, j := range missing[1:] {
		finest = min(finest, src.finestLevel(j.size, j.density))
	}
	src.keepFrom(finest)
	for _, j := range missing {
		var buf bytes.Buffer
		if err := webp.Encode(&buf, src.fit(j.size, j.density), webp.Options{Quality: Quality}); err != nil {
			return img, fmt.Errorf("images.Put: encode %s: %w", j.size.Name, err)
		}
		if err := p.Store.Put(ctx, Key(img.Hash, j.size, j.density), buf.Bytes(), "image/webp"); err != nil {
			return img, err
		}
	}
	if p.Logger != nil {
		p.Logger.InfoContext(ctx, "images: encoded", slog.String("hash", img.Hash), slog.String("use", use.Name), slog.Int("files", len(missing)))
	}
	return img, nil
}

// Verify runs an upload that is kept as it is (a patient's scan attached
// to a visit, server/documents) through the checks Put makes before it
// stores anything: Check's size, format and decompression-bomb limits from
// the header, then a full decode in one of p's Slots, so pixel data that
// does not decode is refused too. Nothing is stored. Refusals are
// *derrors.Refusal.
func (p *Pipeline) Verify(ctx context.Context, data []byte) (Format, error) {
	format, _, err := Check(data)
	if err != nil {
		return "", err
	}
	select {
	case p.Slots <- struct{}{}:
		defer func() { <-p.Slots }()
	case <-ctx.Done():
		return "", ctx.Err()
	}
	if _, err := decode(format, data); err != nil {
		return "", errCorrupt(fmt.Errorf("images.Verify(%s): %w", format, err))
	}
	return format, nil
}

func decode(f Format, data []byte) (image.Image, error) {
	r := bytes.NewReader(data)
	switch f {
	case JPEG:
		return jpeg.Decode(r)
	case PNG:
		return png.Decode(r)
	default:
		return xwebp.Decode(r)
	}
}

func mime(f Format) string {
	if f == JPEG {
		return "jpeg"
	}
	return string(f)
}
