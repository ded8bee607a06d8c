package sitemap

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
)

// lockedBuffer is a log destination the server's goroutines share.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestClientGoneIsNotAnError: a crawler that closes the connection half-way
// through a sitemap file is logged at Info, not as the server's failure.
func TestClientGoneIsNotAnError(t *testing.T) {
	var logs lockedBuffer
	h := &Handler{Origin: "https://sogliq.uz", Sources: []Source{counted{n: entriesPerFile}},
		Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	app := fiber.New()
	h.Register(app)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go app.Listener(ln)
	t.Cleanup(func() { app.Shutdown() })

	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "GET /sitemaps/doctors-1.xml HTTP/1.1\r\nHost: sogliq.uz\r\n\r\n")
	head := make([]byte, 4096)
	if _, err := io.ReadFull(bufio.NewReader(conn), head); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(head), "HTTP/1.1 200") {
		t.Fatalf("answer starts %q", head[:40])
	}
	conn.(*net.TCPConn).SetLinger(0) // a reset, as a crawler that gives up sends
	conn.Close()

	deadline := time.Now().Add(15 * time.Second)
	for !strings.Contains(logs.String(), "sitemap") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	got := logs.String()
	if !strings.Contains(got, "level=INFO") || !strings.Contains(got, "sitemap client went away") || strings.Contains(got, "level=ERROR") {
		t.Errorf("log after the client went away:\n%s", got)
	}
}
