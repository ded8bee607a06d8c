package images

import (
	"bytes"
	"fmt"
	"image"
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
		return "", cfg, errTooManyPixels(cfg.Width, cfg.Height)
	}
	return format, cfg, nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// formatMB writes a byte count in whole megabytes.
func formatMB(n int) string { return strconv.Itoa(n >> 20) }
