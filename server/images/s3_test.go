package images

import (
	"bytes"
	"context"
	"errors"

	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// s3Server starts versitygw (an S3 gateway, one Go binary, installed by
// make s3-deps into .cache/versitygw-VERSION/) on a loopback port over a temporary
// directory, and returns its configuration with an empty bucket. Without
// the binary a local run skips loudly; with CI set it fails.
func s3Server(t *testing.T) S3Config {
	t.Helper()
	bin := os.Getenv("VERSITYGW")
	if bin == "" {
		found, _ := filepath.Glob("../../.cache/versitygw-*/versitygw")
		if len(found) > 0 {
			bin, _ = filepath.Abs(found[len(found)-1])
		}
	}
	if _, err := os.Stat(bin); bin == "" || err != nil {
		if p, err := exec.LookPath("versitygw"); err == nil {
			bin = p
		} else {
			msg := "*** versitygw is missing: run `make s3-deps` (go install into .cache/) to test the S3 store"
			if os.Getenv("CI") != "" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	root := t.TempDir()
	c := S3Config{Endpoint: "http://" + addr, Bucket: "media", AccessKey: "sogliq-test", SecretKey: "sogliq-test-secret", Region: "us-east-1"}
	cmd := exec.Command(bin, "--access", c.AccessKey, "--secret", c.SecretKey, "--region", c.Region, "--port", addr, "--quiet",
		"posix", "--sidecar", filepath.Join(root, "meta"), filepath.Join(root, "data"))
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	for _, d := range []string{"meta", "data"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("versitygw log:\n%s", log.String())
		}
	})
	client, err := minio.New(addr, &minio.Options{Creds: credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""), Region: c.Region})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	deadline := time.Now().Add(20 * time.Second)
	for {
		err = client.MakeBucket(ctx, c.Bucket, minio.MakeBucketOptions{Region: c.Region})
		if err == nil {
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("versitygw on %s: creating the bucket: %v\n%s", addr, err, log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestS3Store runs the pipeline against a real S3-compatible server.
func TestS3Store(t *testing.T) {
	c := s3Server(t)
	ctx := context.Background()
	if _, err := NewS3(ctx, S3Config{Endpoint: c.Endpoint, Bucket: "absent", AccessKey: c.AccessKey, SecretKey: c.SecretKey, Region: c.Region}); err == nil {
		t.Error("NewS3 accepted a bucket that does not exist")
	}
	s3, err := NewS3(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if has, err := s3.Has(ctx, "ab/missing"); err != nil || has {
		t.Fatalf("Has(missing) = %v, %v", has, err)
	}
	if _, err := s3.Get(ctx, "ab/missing"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Get(missing): %v, want fs.ErrNotExist", err)
	}
	counting := &countingS3{S3: s3}
	p := New(counting, nil)
	data := withExif(encodeJPEG(t, halves(300, 200)), 1)
	img, err := p.Put(ctx, data, PromoBanner)
	if err != nil {
		t.Fatal(err)
	}
	if counting.puts != 2*len(PromoBanner.Sizes)+1 {
		t.Errorf("first upload wrote %d objects", counting.puts)
	}
	raw, err := s3.Get(ctx, Key(img.Hash, Banner, 2))
	if err != nil {
		t.Fatal(err)
	}
	if b := decodeWebP(t, raw).Bounds(); b.Dx() != 2*Banner.Width || b.Dy() != 2*Banner.Height {
		t.Errorf("banner@2x from S3 is %v", b)
	}
	orig, err := s3.Get(ctx, OriginalKey(img.Hash, JPEG))
	if err != nil || bytes.Contains(orig, []byte(gpsText)) {
		t.Errorf("original from S3: %v, EXIF kept: %v", err, bytes.Contains(orig, []byte(gpsText)))
	}
	counting.puts = 0
	if _, err := New(counting, nil).Put(ctx, data, PromoBanner); err != nil {
		t.Fatal(err)
	}
	if counting.puts != 0 {
		t.Errorf("second upload to S3 wrote %d objects", counting.puts)
	}
}

type countingS3 struct {
	*S3
	puts int
}

func (s *countingS3) Put(ctx context.Context, key string, data []byte, ct string) error {
	s.puts++
	return s.S3.Put(ctx, key, data, ct)
}
