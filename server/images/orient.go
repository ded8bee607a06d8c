package images

import (
	"encoding/binary"
	"image"
)

// orientation reads the EXIF orientation (1–8) of a JPEG, 1 when it has
// none or it does not parse: a photo taken with the phone on its side is
// stored sideways with a tag saying how to turn it.
func orientation(data []byte) int {
	exif := jpegExif(data)
	if len(exif) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(exif[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 1
	}
	ifd := int(order.Uint32(exif[4:8]))
	if ifd < 8 || ifd+2 > len(exif) {
		return 1
	}
	n := int(order.Uint16(exif[ifd:]))
	for i := range n {
		e := ifd + 2 + 12*i
		if e+12 > len(exif) {
			return 1
		}
		if order.Uint16(exif[e:]) == 0x0112 { // Orientation, a SHORT
			if v := int(order.Uint16(exif[e+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// jpegExif returns the TIFF block of a JPEG's APP1 "Exif" segment, nil
// when there is none.
func jpegExif(data []byte) []byte {
	for _, seg := range jpegSegments(data) {
		body := data[seg.start+4 : seg.end]
		if seg.marker == 0xE1 && len(body) > 6 && string(body[:6]) == "Exif\x00\x00" {
			return body[6:]
		}
	}
	return nil
}

// upright applies an EXIF orientation to m.
func upright(m *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return m
	}
	b := m.Rect
	w, h := b.Dx(), b.Dy()
	if o >= 5 {
		w, h = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range b.Dy() {
		for x := range b.Dx() {
			var dx, dy int
			switch o {
			case 2: // mirrored
				dx, dy = b.Dx()-1-x, y
			case 3: // upside down
				dx, dy = b.Dx()-1-x, b.Dy()-1-y
			case 4: // upside down, mirrored
				dx, dy = x, b.Dy()-1-y
			case 5: // transposed
				dx, dy = y, x
			case 6: // turned 90° clockwise to be upright
				dx, dy = b.Dy()-1-y, x
			case 7: // transversed
				dx, dy = b.Dy()-1-y, b.Dx()-1-x
			case 8: // turned 90° counter-clockwise to be upright
				dx, dy = y, b.Dx()-1-x
			}
			si := m.PixOffset(b.Min.X+x, b.Min.Y+y)
			di := dst.PixOffset(dx, dy)
			copy(dst.Pix[di:di+4], m.Pix[si:si+4])
		}
	}
	return dst
}
