package images

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	xwebp "golang.org/x/image/webp"

	"sogliq/server/api"
	"sogliq/server/derrors"
)

// halves is a w×h picture, left half red, right half blue.
func halves(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{200, 20, 20, 255}
			if x >= w/2 {
				c = color.NRGBA{20, 20, 200, 255}
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

func encodeJPEG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// gpsText stands for the position a phone writes into a photo.
const gpsText = "GPS 41.311081N 69.240562E"

// withExif inserts an APP1 EXIF segment after the JPEG's SOI: orientation
// o and an ImageDescription holding gpsText.
func withExif(jpg []byte, o uint16) []byte {
	var tiff bytes.Buffer
	be := binary.BigEndian
	tiff.WriteString("MM\x00\x2a")
	binary.Write(&tiff, be, uint32(8))
	binary.Write(&tiff, be, uint16(2)) // entries
	desc := append([]byte(gpsText), 0)
	// ImageDescription, ASCII, count, offset after the IFD (8+2+24+4).
	binary.Write(&tiff, be, []uint16{0x010E, 2})
	binary.Write(&tiff, be, []uint32{uint32(len(desc)), 38})
	// Orientation, SHORT, 1, value.
	binary.Write(&tiff, be, []uint16{0x0112, 3})
	binary.Write(&tiff, be, uint32(1))
	binary.Write(&tiff, be, []uint16{o, 0})
	binary.Write(&tiff, be, uint32(0)) // no next IFD
	tiff.Write(desc)
	body := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	be.PutUint16(seg[2:], uint16(len(body)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, body...)
	return append(out, jpg[2:]...)
}

// pngHeader is a PNG signature and IHDR claiming w×h 8-bit grey, followed
// by idat (the compressed rows) and IEND.
func pngWith(w, h uint32, idat []byte) []byte { return pngOf(w, h, 8, 0, idat) }

// pngWithDepth is an RGBA PNG of w×h pixels of depth bits per channel
// (colour type 6), idat as its data.
func pngWithDepth(w, h uint32, depth byte, idat []byte) []byte { return pngOf(w, h, depth, 6, idat) }

// pngOf is a PNG's signature, header (w×h, bit depth, colour type), one
// IDAT chunk holding idat, and its end.
func pngOf(w, h uint32, depth, colour byte, idat []byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(kind)
		b.Write(data)
		crc := crc32.NewIEEE()
		crc.Write([]byte(kind))
		crc.Write(data)
		binary.Write(&b, binary.BigEndian, crc.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = depth, colour
	chunk("IHDR", ihdr)
	chunk("IDAT", idat)
	chunk("IEND", nil)
	return b.Bytes()
}

// bomb is a valid PNG of w×h black pixels: a few hundred KB that decode
// to w×h bytes.
func bomb(t testing.TB, w, h int) []byte {
	t.Helper()
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, w+1)
	for range h {
		zw.Write(row)
	}
	zw.Close()
	return pngWith(uint32(w), uint32(h), z.Bytes())
}

// countingStore is a Disk that counts writes.
type countingStore struct {
	Disk
	mu   sync.Mutex
	puts []string
}

func (s *countingStore) Put(ctx context.Context, key string, data []byte, ct string) error {
	s.mu.Lock()
	s.puts = append(s.puts, key)
	s.mu.Unlock()
	return s.Disk.Put(ctx, key, data, ct)
}

func (s *countingStore) take() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.puts
	s.puts = nil
	return p
}

func TestRefused(t *testing.T) {
	var gifData bytes.Buffer
	gif.Encode(&gifData, image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Black, color.White}), nil)
	huge := make([]byte, MaxBytes+1)
	copy(huge, encodeJPEG(t, halves(8, 8)))
	for _, test := range []struct {
		name   string
		data   []byte
		status int
		key    string
	}{
		{"gif", gifData.Bytes(), http.StatusUnsupportedMediaType, "images.error.format"},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), http.StatusUnsupportedMediaType, "images.error.format"},
		{"empty", nil, http.StatusUnsupportedMediaType, "images.error.format"},
		{"over 10 MB", huge, http.StatusRequestEntityTooLarge, "images.error.tooLarge"},
		{"over 24 megapixels", pngWith(6000, 4001, nil), http.StatusUnprocessableEntity, "images.error.pixels"},
		{"16-bit, over the decoding budget", pngWithDepth(5000, 3000, 16, nil), http.StatusUnprocessableEntity, "images.error.pixels"},
		{"side over 16383", pngWith(20000, 10, nil), http.StatusUnprocessableEntity, "images.error.side"},
		{"broken header", []byte("\xFF\xD8\xFF\xE0 not a jpeg at all"), http.StatusUnprocessableEntity, "images.error.corrupt"},
		{"broken pixels", pngWith(64, 64, []byte("not zlib")), http.StatusUnprocessableEntity, "images.error.corrupt"},
	} {
		t.Run(test.name, func(t *testing.T) {
			store := &countingStore{Disk: Disk{Dir: t.TempDir()}}
			_, err := New(store, nil).Put(context.Background(), test.data, PostCover)
			var e *derrors.Refusal
			if !errors.As(err, &e) {
				t.Fatalf("Put: %v, want a *derrors.Refusal", err)
			}
			if status := api.StatusOf(err); status != test.status || e.Key != test.key {
				t.Errorf("Put: %d %s, want %d %s", status, e.Key, test.status, test.key)
			}
			// A refusal stores nothing, not even the original.
			if puts := store.take(); len(puts) > 0 {
				t.Errorf("refused upload stored %v", puts)
			}
		})
	}
}

// TestBombRefusedBeforeDecoding: a real 48-megapixel PNG of 50 KB is refused
// without allocating its pixels.
func TestBombRefusedBeforeDecoding(t *testing.T) {
	data := bomb(t, 8000, 6000)
	if len(data) > 1<<20 {
		t.Fatalf("bomb is %d bytes", len(data))
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := New(Disk{Dir: t.TempDir()}, nil).Put(context.Background(), data, Use{"test", []Size{Thumb}})
	runtime.ReadMemStats(&after)
	var e *derrors.Refusal
	if !errors.As(err, &e) || e.Key != "images.error.pixels" {
		t.Fatalf("Put(bomb): %v, want images.error.pixels", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
		t.Errorf("refusing the bomb allocated %d MB: it was decoded", alloc>>20)
	}
}

func decodeWebP(t *testing.T, data []byte) image.Image {
	t.Helper()
	if string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		t.Fatalf("not a WebP file: % x", data[:16])
	}
	m, err := xwebp.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode WebP: %v", err)
	}
	return m
}

func TestVariantsAreWebPAtTheirSizes(t *testing.T) {
	store := &countingStore{Disk: Disk{Dir: t.TempDir()}}
	ctx := context.Background()
	data := encodePNG(t, halves(1000, 700))
	img, err := New(store, nil).Put(ctx, data, PostCover)
	if err != nil {
		t.Fatal(err)
	}
	if img.Hash != Hash(data) || img.Format != PNG || img.Width != 1000 || img.Height != 700 {
		t.Errorf("Put = %+v", img)
	}
	for _, s := range PostCover.Sizes {
		for _, d := range []int{1, 2} {
			raw, err := store.Get(ctx, Key(img.Hash, s, d))
			if err != nil {
				t.Fatal(err)
			}
			// Lossy (VP8), the only mode that takes a quality.
			if string(raw[12:16]) != "VP8 " {
				t.Errorf("%s@%dx: chunk %q, want lossy VP8", s.Name, d, raw[12:16])
			}
			b := decodeWebP(t, raw).Bounds()
			if b.Dx() != s.Width*d || b.Dy() != s.Height*d {
				t.Errorf("%s@%dx is %d×%d, want %d×%d", s.Name, d, b.Dx(), b.Dy(), s.Width*d, s.Height*d)
			}
		}
	}
	orig, err := store.Get(ctx, OriginalKey(img.Hash, PNG))
	if err != nil || !bytes.Equal(orig, data) {
		t.Errorf("original: %v, equal %v", err, bytes.Equal(orig, data))
	}
}

func TestContainKeepsTheWholeImage(t *testing.T) {
	store := Disk{Dir: t.TempDir()}
	ctx := context.Background()
	img, err := New(store, nil).Put(ctx, encodePNG(t, halves(400, 100)), Use{"test", []Size{Pack}})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := store.Get(ctx, Key(img.Hash, Pack, 1))
	m := decodeWebP(t, raw)
	// 400×100 in a 200×200 box: 200×50 in the middle, transparent above.
	if _, _, _, a := m.At(100, 10).RGBA(); a != 0 {
		t.Errorf("above the picture: alpha %d, want transparent", a)
	}
	if r, _, b, _ := m.At(20, 100).RGBA(); r < b {
		t.Errorf("left edge is not red: the picture was cropped")
	}
	if r, _, b, _ := m.At(180, 100).RGBA(); b < r {
		t.Errorf("right edge is not blue: the picture was cropped")
	}
}

func TestSameBytesEncodeNothing(t *testing.T) {
	store := &countingStore{Disk: Disk{Dir: t.TempDir()}}
	p := New(store, nil)
	ctx := context.Background()
	data := encodeJPEG(t, halves(300, 300))
	if _, err := p.Put(ctx, data, DoctorPhoto); err != nil {
		t.Fatal(err)
	}
	if n := len(store.take()); n != 2*len(DoctorPhoto.Sizes)+1 {
		t.Fatalf("first upload wrote %d files, want %d", n, 2*len(DoctorPhoto.Sizes)+1)
	}
	if _, err := p.Put(ctx, data, DoctorPhoto); err != nil {
		t.Fatal(err)
	}
	if puts := store.take(); len(puts) != 0 {
		t.Errorf("second upload of the same bytes wrote %v", puts)
	}
	// The same bytes used elsewhere encode only the sizes they lack.
	if _, err := p.Put(ctx, data, ClinicLogo); err != nil {
		t.Fatal(err)
	}
	puts := store.take()
	hash := Hash(data)
	want := []string{Key(hash, Logo, 1), Key(hash, Logo, 2)}
	if len(puts) != 2 || puts[0] != want[0] || puts[1] != want[1] {
		t.Errorf("reuse as a logo wrote %v, want %v", puts, want)
	}
}

func TestExifRemovedOrientationApplied(t *testing.T) {
	store := Disk{Dir: t.TempDir()}
	ctx := context.Background()
	// Stored sideways: 200×100, left red; orientation 6 says turn it 90°
	// clockwise, which puts red on top.
	data := withExif(encodeJPEG(t, halves(200, 100)), 6)
	if !bytes.Contains(data, []byte(gpsText)) {
		t.Fatal("test photo lacks its EXIF")
	}
	if o := orientation(data); o != 6 {
		t.Fatalf("orientation = %d, want 6", o)
	}
	img, err := New(store, nil).Put(ctx, data, DoctorPhoto)
	if err != nil {
		t.Fatal(err)
	}
	if img.Width != 100 || img.Height != 200 {
		t.Errorf("upright size %d×%d, want 100×200", img.Width, img.Height)
	}
	raw, _ := store.Get(ctx, Key(img.Hash, Avatar, 2))
	m := decodeWebP(t, raw)
	top, bottom := m.At(96, 10), m.At(96, 180)
	if r, _, b, _ := top.RGBA(); r < b {
		t.Errorf("top is %v, want red: orientation not applied", top)
	}
	if r, _, b, _ := bottom.RGBA(); b < r {
		t.Errorf("bottom is %v, want blue", bottom)
	}
	for _, key := range []string{OriginalKey(img.Hash, JPEG), Key(img.Hash, Avatar, 1), Key(img.Hash, Portrait, 2)} {
		stored, err := store.Get(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(stored, []byte(gpsText)) || bytes.Contains(stored, []byte("Exif\x00\x00")) || bytes.Contains(stored, []byte("EXIF")) {
			t.Errorf("%s still holds the EXIF", key)
		}
	}
	// The stripped original still decodes to the same picture.
	orig, _ := store.Get(ctx, OriginalKey(img.Hash, JPEG))
	if _, err := jpeg.Decode(bytes.NewReader(orig)); err != nil {
		t.Errorf("stripped original does not decode: %v", err)
	}
}

func TestOrientations(t *testing.T) {
	// A 3×2 image with distinct pixels; each orientation must put pixel
	// (0,0) where EXIF says the top-left corner is.
	src := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range src.Pix {
		src.Pix[i] = byte(i)
	}
	corner := src.RGBAAt(0, 0)
	for o, want := range map[int]image.Point{1: {0, 0}, 2: {2, 0}, 3: {2, 1}, 4: {0, 1}, 5: {0, 0}, 6: {1, 0}, 7: {1, 2}, 8: {0, 2}} {
		if got := upright(src, o).RGBAAt(want.X, want.Y); got != corner {
			t.Errorf("orientation %d: %v at %v, want the source's corner %v", o, got, want, corner)
		}
	}
}

func TestStripPNGText(t *testing.T) {
	data := encodePNG(t, halves(10, 10))
	// A tEXt chunk after IHDR (8 + 25 bytes).
	var text bytes.Buffer
	payload := []byte("Comment\x00" + gpsText)
	binary.Write(&text, binary.BigEndian, uint32(len(payload)))
	text.WriteString("tEXt")
	text.Write(payload)
	crc := crc32.NewIEEE()
	crc.Write([]byte("tEXt"))
	crc.Write(payload)
	binary.Write(&text, binary.BigEndian, crc.Sum32())
	withText := append(append(append([]byte{}, data[:33]...), text.Bytes()...), data[33:]...)
	if _, err := png.Decode(bytes.NewReader(withText)); err != nil {
		t.Fatal(err)
	}
	got := stripMetadata(PNG, withText)
	if bytes.Contains(got, []byte(gpsText)) {
		t.Error("tEXt kept")
	}
	if !bytes.Equal(got, data) {
		t.Error("stripping changed more than the text chunk")
	}
}

// rgbaPNG is a valid 8-bit RGBA PNG of w×h transparent pixels: a few
// hundred KB that decode to 4·w·h bytes.
func rgbaPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	row := make([]byte, 4*w+1)
	for range h {
		zw.Write(row)
	}
	zw.Close()
	return pngWithDepth(uint32(w), uint32(h), 8, z.Bytes())
}

// TestLargeUploadsAtOnce: three uploads of the largest picture taken (an
// RGBA PNG of MaxPixels, ~100 KB that decode to 96 MB) sent at once are
// all encoded, one at a time (Slots), and the heap never holds more than
// one decode's budget beyond where it started: the process grows by one
// decode, not three, and never by two copies of the pixels.
func TestLargeUploadsAtOnce(t *testing.T) {
	w, h := 6000, MaxPixels/6000
	data := rgbaPNG(t, w, h)
	p := New(Disk{Dir: t.TempDir()}, nil)
	// Collect early, so the heap measures what is held, not garbage.
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	runtime.GC()
	base, peak := heapObjects(), uint64(0)
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			peak = max(peak, heapObjects())
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		// Three different uploads: the same bytes would be encoded once.
		body := append(bytes.Clone(data), make([]byte, i)...)
		wg.Go(func() { _, errs[i] = p.Put(context.Background(), body, PostCover) })
	}
	wg.Wait()
	close(done)
	<-sampled
	for i, err := range errs {
		if err != nil {
			t.Fatalf("upload %d: %v", i, err)
		}
	}
	grew := peak - min(base, peak)
	t.Logf("%d×%d RGBA PNG of %d KB, three at once: the heap grew by %d MB at most", w, h, len(data)>>10, grew>>20)
	if limit := uint64(MaxDecodedBytes) + 64<<20; grew > limit {
		t.Errorf("the heap grew by %d MB, over %d MB: uploads decoded at once, or pixels copied", grew>>20, limit>>20)
	}
}

// heapObjects is the bytes of heap objects, live or not yet collected.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
