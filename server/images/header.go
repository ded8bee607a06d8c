package images

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strconv"

	"golang.org/x/image/webp"
)

// Check refuses an upload from its size and header alone, before any pixel
// is decoded: the wrong format, more than MaxBytes, a side over MaxSide,
// more than MaxPixels (the check that stops a decompression bomb: a few KB
// of PNG can claim 50,000 × 50,000 pixels, 10 GB once decoded), or a header
// that does not parse. It returns the format and the stored dimensions.
func Check(data []byte) (Format, image.Config, error) {
	if len(data) > MaxBytes {
		return "", image.Config{}, errTooLarge()
	}
	format := Sniff(data)
	if format == "" {
		return "", image.Config{}, errFormat()
	}
	var cfg image.Config
	var err error
	r := bytes.NewReader(data)
	switch format {
	case JPEG:
		cfg, err = jpeg.DecodeConfig(r)
	case PNG:
		cfg, err = png.DecodeConfig(r)
	case WebP:
		cfg, err = webp.DecodeConfig(r)
	}
	if err != nil {
		return "", cfg, errCorrupt(fmt.Errorf("images.Check(%s header): %w", format, err))
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return "", cfg, errCorrupt(fmt.Errorf("images.Check: %d×%d", cfg.Width, cfg.Height))
	}
	if cfg.Width > MaxSide || cfg.Height > MaxSide {
		return "", cfg, errSide(cfg.Width, cfg.Height)
	}
	if int64(cfg.Width)*int64(cfg.Height) > int64(MaxPixels) {
		return "", cfg, errTooManyPixels(cfg.Width, cfg.Height, MaxPixels)
	}
	if per := decodedBytesPerPixel(format, cfg.ColorModel); int64(cfg.Width)*int64(cfg.Height)*per > MaxDecodedBytes {
		return "", cfg, errTooManyPixels(cfg.Width, cfg.Height, int(MaxDecodedBytes/per))
	}
	return format, cfg, nil
}

// MaxDecodedBytes bounds the memory one upload takes while it is resized:
// the decoded pixels plus the RGBA copy resizing works on. Uploads are
// decoded one at a time (Pipeline.Slots), so this bounds the process's
// growth too: a 24-megapixel photo fits, a 16-bit PNG of as many pixels
// does not.
const MaxDecodedBytes = 160 << 20

// decodedBytesPerPixel is what one pixel of an upload costs decoded and
// made RGBA: an 8-bit RGBA PNG is made RGBA in place (4), a JPEG is
// YCbCr (at most 3) plus RGBA, a 16-bit PNG 8 plus RGBA; other models
// are counted at their widest.
func decodedBytesPerPixel(f Format, m color.Model) int64 {
	switch {
	case f == PNG && (m == color.NRGBAModel || m == color.RGBAModel):
		return 4
	case m == color.GrayModel, m == color.AlphaModel:
		return 1 + 4
	case m == color.Gray16Model:
		return 2 + 4
	case m == color.NRGBA64Model, m == color.RGBA64Model:
		return 8 + 4
	default:
		return 4 + 4
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// formatMB writes a byte count in whole megabytes.
func formatMB(n int) string { return strconv.Itoa(n >> 20) }
