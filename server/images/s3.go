package images

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"net/url"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config is an S3-compatible object store (S3_ENDPOINT, S3_BUCKET,
// S3_ACCESS_KEY, S3_SECRET_KEY, S3_REGION).
type S3Config struct {
	// Endpoint is the store's URL, http:// or https:// (AWS:
	// https://s3.eu-central-1.amazonaws.com).
	Endpoint  string
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
}

// S3 is a Store in one bucket of an S3-compatible object store, shared by
// every server instance.
type S3 struct {
	client *minio.Client
	bucket string
}

// NewS3 connects to the store and checks the bucket exists.
func NewS3(ctx context.Context, c S3Config) (*S3, error) {
	u, err := url.Parse(c.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("images.NewS3: S3_ENDPOINT=%q is not an http(s) URL", c.Endpoint)
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure:       u.Scheme == "https",
		Region:       c.Region,
		BucketLookup: minio.BucketLookupPath,
	})
	if err != nil {
		return nil, fmt.Errorf("images.NewS3: %w", err)
	}
	ok, err := client.BucketExists(ctx, c.Bucket)
	if err != nil {
		return nil, fmt.Errorf("images.NewS3(%s, bucket %s): %w", u.Host, c.Bucket, err)
	}
	if !ok {
		return nil, fmt.Errorf("images.NewS3(%s): bucket %q does not exist", u.Host, c.Bucket)
	}
	return &S3{client: client, bucket: c.Bucket}, nil
}

// Put uploads an object.
func (s *S3) Put(ctx context.Context, key string, data []byte, contentType string) error {
	_, err := s.client.PutObject(ctx, s.bucket, key, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: contentType})
	if err != nil {
		return fmt.Errorf("images.S3.Put(%s): %w", key, err)
	}
	return nil
}

// Get downloads an object.
func (s *S3) Get(ctx context.Context, key string) ([]byte, error) {
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("images.S3.Get(%s): %w", key, err)
	}
	defer obj.Close()
	b, err := io.ReadAll(obj)
	if err != nil {
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return nil, fmt.Errorf("images.S3.Get(%s): %w", key, fs.ErrNotExist)
		}
		return nil, fmt.Errorf("images.S3.Get(%s): %w", key, err)
	}
	return b, nil
}

// Has asks for the object's metadata.
func (s *S3) Has(ctx context.Context, key string) (bool, error) {
	_, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err == nil {
		return true, nil
	}
	if minio.ToErrorResponse(err).Code == "NoSuchKey" {
		return false, nil
	}
	return false, fmt.Errorf("images.S3.Has(%s): %w", key, err)
}
