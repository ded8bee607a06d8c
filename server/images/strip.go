package images

import "encoding/binary"

// segment is one marker segment of a JPEG's header: data[start:end] is the
// whole segment, marker and length included.
type segment struct {
	marker     byte
	start, end int
}

// jpegSegments lists the segments before the image data (start of scan);
// it stops at anything it does not understand.
func jpegSegments(data []byte) []segment {
	var out []segment
	i := 2 // past SOI
	for i+4 <= len(data) && data[i] == 0xFF {
		marker := data[i+1]
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			break
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			break
		}
		out = append(out, segment{marker, i, i + 2 + n})
		i += 2 + n
	}
	return out
}

// stripMetadata returns the upload without what can name a person or a
// place: JPEG APP1 (EXIF, XMP), APP13 (IPTC) and comments; PNG text, EXIF
// and time chunks; WebP EXIF and XMP chunks. Colour profiles and pixels are
// kept byte for byte.
func stripMetadata(format Format, data []byte) []byte {
	switch format {
	case JPEG:
		return stripJPEG(data)
	case PNG:
		return stripPNG(data)
	case WebP:
		return stripWebP(data)
	}
	return data
}

func stripJPEG(data []byte) []byte {
	segs := jpegSegments(data)
	out := make([]byte, 0, len(data))
	out = append(out, data[:2]...)
	last := 2
	for _, s := range segs {
		if s.marker == 0xE1 || s.marker == 0xED || s.marker == 0xFE {
			continue
		}
		out = append(out, data[s.start:s.end]...)
		last = s.end
	}
	if len(segs) > 0 {
		last = segs[len(segs)-1].end
	}
	return append(out, data[last:]...)
}

// pngDropped are the ancillary chunks that carry words, dates or EXIF.
var pngDropped = map[string]bool{"tEXt": true, "zTXt": true, "iTXt": true, "eXIf": true, "tIME": true}

func stripPNG(data []byte) []byte {
	out := append(make([]byte, 0, len(data)), data[:8]...)
	i := 8
	for i+12 <= len(data) {
		n := int(binary.BigEndian.Uint32(data[i:]))
		end := i + 12 + n
		if n < 0 || end > len(data) {
			break
		}
		if !pngDropped[string(data[i+4:i+8])] {
			out = append(out, data[i:end]...)
		}
		i = end
	}
	return append(out, data[i:]...)
}

func stripWebP(data []byte) []byte {
	out := append(make([]byte, 0, len(data)), data[:12]...)
	vp8x := -1
	i := 12
	for i+8 <= len(data) {
		n := int(binary.LittleEndian.Uint32(data[i+4:]))
		end := i + 8 + n + n%2 // chunks are padded to even sizes
		if end > len(data) {
			end = len(data)
		}
		switch string(data[i : i+4]) {
		case "EXIF", "XMP ":
		case "VP8X":
			vp8x = len(out)
			out = append(out, data[i:end]...)
		default:
			out = append(out, data[i:end]...)
		}
		i = end
	}
	out = append(out, data[i:]...)
	if vp8x >= 0 && vp8x+9 <= len(out) {
		out[vp8x+8] &^= 0x08 | 0x04 // the EXIF and XMP flags
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out
}
