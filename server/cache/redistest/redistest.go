// Package redistest runs a private redis-server for one test, so tests can
// stop or freeze it without disturbing anything else.
//
// When redis-server is not on PATH, Start skips the test with a loud message,
// or fails it when the CI environment variable is set: CI must run these
// tests, a laptop without Redis need not.
package redistest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// startAttempts is how often Start retries when another process takes the
// chosen port between choosing it and redis-server binding it.
const startAttempts = 3

// Server is a redis-server process owned by one test.
type Server struct {
	t    testing.TB
	addr string
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has exited and been reaped

	stopOnce sync.Once
}

// Start launches redis-server on a free port of 127.0.0.1 with persistence
// off, waits until it answers PING, and registers its Stop as cleanup.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("redistest: redis-server not on PATH (required when CI is set): %v", err)
		}
		t.Skipf("redistest: SKIPPING %s: redis-server not on PATH (%v); install Redis to run it", t.Name(), err)
	}
	var errs []error
	for range startAttempts {
		s, err := start(t, bin)
		if err == nil {
			t.Cleanup(s.Stop)
			return s
		}
		errs = append(errs, err)
	}
	t.Fatalf("redistest.Start: %v", errors.Join(errs...))
	return nil
}

func start(t testing.TB, bin string) (*Server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &Server{t: t, addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), done: make(chan struct{})}
	s.cmd = exec.Command(bin,
		"--port", strconv.Itoa(port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--daemonize", "no")
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	go func() {
		_ = s.cmd.Wait() // the exit status of a server we kill is of no interest
		close(s.done)
	}()
	if err := s.waitReady(5 * time.Second); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

// freePort asks the kernel for a free port. Another process may take it
// before redis-server binds it; Start retries then.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func (s *Server) waitReady(limit time.Duration) error {
	rdb := redis.NewClient(&redis.Options{Addr: s.addr, MaxRetries: -1})
	defer rdb.Close()
	deadline := time.Now().Add(limit)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		err := rdb.Ping(ctx).Err()
		cancel()
		switch {
		case err == nil:
			return nil
		case s.exited():
			return fmt.Errorf("redis-server on %s exited before answering PING: %w", s.addr, err)
		case time.Now().After(deadline):
			return fmt.Errorf("redis-server on %s did not answer PING within %v: %w", s.addr, limit, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (s *Server) exited() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// Addr returns the server's host:port.
func (s *Server) Addr() string { return s.addr }

// URL returns the server's address as a redis:// URL.
func (s *Server) URL() string { return "redis://" + s.addr }

// Client returns a new go-redis client with default options for the
// server, closed at the end of the test.
func (s *Server) Client() *redis.Client {
	rdb := redis.NewClient(&redis.Options{Addr: s.addr})
	s.t.Cleanup(func() { _ = rdb.Close() })
	return rdb
}

// Stop kills the server (SIGKILL, even when paused) and waits until it has
// exited. It is safe to call more than once; Start registers it as cleanup.
func (s *Server) Stop() {
	s.stopOnce.Do(func() {
		_ = s.cmd.Process.Kill() // fails only if it has exited already
		<-s.done
	})
}

// Pause freezes the server with SIGSTOP: connections stay open and accept
// commands, but nothing answers, like a hung Redis.
func (s *Server) Pause() { s.signal(syscall.SIGSTOP) }

// Resume undoes Pause with SIGCONT.
func (s *Server) Resume() { s.signal(syscall.SIGCONT) }

// signal uses Errorf, not Fatalf: Pause is often called from a worker
// goroutine, where Fatalf must not run.
func (s *Server) signal(sig os.Signal) {
	s.t.Helper()
	// A server already stopped has nothing to pause or resume.
	if err := s.cmd.Process.Signal(sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
		s.t.Errorf("redistest: signal %v to redis-server on %s: %v", sig, s.addr, err)
	}
}
