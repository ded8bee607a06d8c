package images

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Store holds the originals and the encoded variants under keys like
// "ab/abcd…/card@2x.webp". Every value is written once and never changed,
// so a Store needs no locking: two writers of one key write the same bytes.
type Store interface {
	// Put writes data under key.
	Put(ctx context.Context, key string, data []byte, contentType string) error
	// Get reads a key; a missing key is an error wrapping fs.ErrNotExist.
	Get(ctx context.Context, key string) ([]byte, error)
	// Has reports whether key is stored.
	Has(ctx context.Context, key string) (bool, error)
}

// Disk is a Store in a directory of the local disk.
type Disk struct {
	Dir string
}

// DefaultDir is where make run keeps uploads.
const DefaultDir = ".data/uploads"

func (d Disk) path(key string) (string, error) {
	if key == "" || strings.Contains(key, "..") || strings.HasPrefix(key, "/") {
		return "", fmt.Errorf("images.Disk: bad key %q", key)
	}
	return filepath.Join(d.Dir, filepath.FromSlash(key)), nil
}

// Put writes to a temporary file and renames it, so a reader never sees
// half a file.
func (d Disk) Put(_ context.Context, key string, data []byte, _ string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("images.Disk.Put(%s): %w", key, err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".put-*")
	if err != nil {
		return fmt.Errorf("images.Disk.Put(%s): %w", key, err)
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("images.Disk.Put(%s): %w", key, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("images.Disk.Put(%s): %w", key, err)
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return fmt.Errorf("images.Disk.Put(%s): %w", key, err)
	}
	if err := os.Rename(f.Name(), p); err != nil {
		return fmt.Errorf("images.Disk.Put(%s): %w", key, err)
	}
	return nil
}

// Get reads a key.
func (d Disk) Get(_ context.Context, key string) ([]byte, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", fs.ErrNotExist, err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("images.Disk.Get(%s): %w", key, err)
	}
	return b, nil
}

// Has reports whether key is stored.
func (d Disk) Has(_ context.Context, key string) (bool, error) {
	p, err := d.path(key)
	if err != nil {
		return false, err
	}
	_, err = os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}
