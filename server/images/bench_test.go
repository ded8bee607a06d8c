package images

import (
	"bufio"
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// photo12MP is a 4000×3000 JPEG at quality 90 with a photo's texture
// (gradients and noise, so the encoder has detail to keep): ~12 megapixels,
// what a phone uploads.
func photo12MP(b *testing.B) []byte {
	b.Helper()
	m := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	r := rand.New(rand.NewPCG(1, 2))
	for y := range 3000 {
		for x := range 4000 {
			m.Y[y*m.YStride+x] = uint8((x/16+y/12)%200 + r.IntN(40))
		}
	}
	for i := range m.Cb {
		m.Cb[i], m.Cr[i] = uint8(100+i%50), uint8(140-i%40)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, m, &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// peakRSS is the process's resident high-water mark in MB (VmHWM): the Go
// heap and the WASM module's memory together.
func peakRSS() float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}

// BenchmarkEncode12MP stores a 12-megapixel JPEG as a doctor's photo
// (three sizes at 1x and 2x: decode, orient, six resizes, six WebP
// encodings) and as a gallery photo (one size), into an empty store each
// time. It reports the peak Go heap while encoding (sampled every 2 ms) and
// the process's peak RSS, which adds the WASM encoder's memory.
func BenchmarkEncode12MP(b *testing.B) {
	data := photo12MP(b)
	ctx := context.Background()
	// The first encoding compiles the WASM module; not timed.
	if _, err := New(Disk{Dir: b.TempDir()}, nil).Put(ctx, data, ClinicPhoto); err != nil {
		b.Fatal(err)
	}
	for _, use := range []Use{DoctorPhoto, ClinicPhoto} {
		b.Run(use.Name, func(b *testing.B) {
			var peak atomic.Uint64
			stop := make(chan struct{})
			done := make(chan struct{})
			go func() {
				defer close(done)
				sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
				tick := time.NewTicker(2 * time.Millisecond)
				defer tick.Stop()
				for {
					select {
					case <-stop:
						return
					case <-tick.C:
						metrics.Read(sample)
						if v := sample[0].Value.Uint64(); v > peak.Load() {
							peak.Store(v)
						}
					}
				}
			}()
			for b.Loop() {
				if _, err := New(Disk{Dir: b.TempDir()}, nil).Put(ctx, data, use); err != nil {
					b.Fatal(err)
				}
			}
			close(stop)
			<-done
			b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
			b.ReportMetric(peakRSS(), "peak-RSS-MB")
		})
	}
}
