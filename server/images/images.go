// Package images turns uploaded pictures into the WebP files the pages show.
//
// An upload (JPEG, PNG or WebP, recognised from its first bytes) is checked
// from its header before any pixel is decoded: at most MaxBytes, MaxPixels
// and MaxSide, so a decompression bomb is refused for what it claims to be.
// It is then decoded, turned upright by its EXIF orientation, and encoded at
// WebP quality 80 for each named display size it is used at, at 1x and 2x
// (sizes.go). Files are keyed by the SHA-256 of the uploaded bytes: URLs
// never change meaning (served immutable by Handler), and bytes already
// stored are never encoded again. The original is kept too, with its
// metadata (EXIF, XMP, IPTC, text chunks) cut out: GPS positions in
// patients' and doctors' photos must never leak. Storage is a Store: the
// local disk or an S3-compatible object store.
package images

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"regexp"

	"sogliq/server/derrors"
	"sogliq/shared"
)

// Limits of an upload. MaxSide is WebP's own limit on a side (16383 px).
var (
	MaxBytes  = shared.MustReadLimits().ImageMaxBytes
	MaxPixels = shared.MustReadLimits().ImageMaxPixels
	MaxSide   = shared.MustReadLimits().ImageMaxSide
)

// Quality is the WebP quality of every variant (spec §9).
const Quality = 80

// Format is an accepted upload format.
type Format string

// The accepted formats; the string is the original's file extension.
const (
	JPEG Format = "jpg"
	PNG  Format = "png"
	WebP Format = "webp"
)

// Sniff recognises the format from the first bytes, "" when it is none of
// the accepted ones (a GIF, an SVG, a HEIC, a PDF renamed .jpg ...).
func Sniff(data []byte) Format {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return PNG
	case len(data) >= 16 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return WebP
	}
	return ""
}

// Hash is the key of an upload: the hex SHA-256 of its bytes.
func Hash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

var hashPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

// ValidHash reports whether h has the form Hash gives.
func ValidHash(h string) bool { return hashPattern.MatchString(h) }

// The refusals of an upload, with their message keys (shared/i18n) so an
// API can answer them in the uploader's language. Cause (when set) says
// more in the log.
func errFormat() *derrors.Refusal {
	return derrors.Refuse(derrors.Unsupported, "images.error.format")
}

func errTooLarge() *derrors.Refusal {
	return derrors.Refuse(derrors.TooLarge, "images.error.tooLarge", "mb", formatMB(MaxBytes))
}

// errTooManyPixels refuses a w×h picture over limit pixels.
func errTooManyPixels(w, h, limit int) *derrors.Refusal {
	return derrors.Refuse(derrors.Unacceptable, "images.error.pixels", "width", itoa(w), "height", itoa(h), "mp", itoa(max(limit/1_000_000, 1)))
}

func errSide(w, h int) *derrors.Refusal {
	return derrors.Refuse(derrors.Unacceptable, "images.error.side", "width", itoa(w), "height", itoa(h), "max", itoa(MaxSide))
}

func errCorrupt(cause error) *derrors.Refusal {
	return &derrors.Refusal{Kind: derrors.Unacceptable, Key: "images.error.corrupt", Cause: cause}
}
