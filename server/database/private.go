package database

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"
)

// privatePort is the port of the private cluster; it listens on a unix
// socket only, so the port just names the socket file.
const privatePort = 54329

// startPrivate starts (initialising it the first time) a PostgreSQL cluster
// under ./.data/pg, listening only on a unix socket in that directory, and
// opens the sogliq database in it. The cluster outlives the process; stop it
// with `pg_ctl -D .data/pg stop`. cause is why the default server failed.
func startPrivate(ctx context.Context, logger *slog.Logger, cause error) (*sqlx.DB, error) {
	initdb, pgctl, ok := findBinaries()
	if !ok {
		return nil, fmt.Errorf("database: no PostgreSQL at %s (%v): set DATABASE_URL or install PostgreSQL (initdb, pg_ctl) for a private cluster under ./.data/pg", Redact(DefaultURL), cause)
	}
	dir, err := filepath.Abs(filepath.Join(".data", "pg"))
	if err != nil {
		return nil, fmt.Errorf("database.startPrivate: %w", err)
	}
	run, err := runner(dir)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, "PG_VERSION")); err != nil {
		logger.Info("initialising private PostgreSQL cluster", slog.String("dir", dir))
		if err := run(ctx, initdb, "-D", dir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"); err != nil {
			return nil, err
		}
	}
	if run(ctx, pgctl, "-D", dir, "status") != nil {
		logger.Info("starting private PostgreSQL cluster", slog.String("dir", dir))
		opts := fmt.Sprintf("-c listen_addresses='' -k %s -p %d", dir, privatePort)
		if err := run(ctx, pgctl, "-D", dir, "-l", filepath.Join(dir, "server.log"), "-o", opts, "-w", "start"); err != nil {
			return nil, err
		}
	}
	url := fmt.Sprintf("postgres://postgres@/sogliq?host=%s&port=%d&sslmode=disable", dir, privatePort)
	return Prepare(ctx, url, logger)
}

// findBinaries looks for initdb and pg_ctl on PATH, then under
// /usr/lib/postgresql/*/bin (Debian keeps them off PATH).
func findBinaries() (initdb, pgctl string, ok bool) {
	i, err1 := exec.LookPath("initdb")
	c, err2 := exec.LookPath("pg_ctl")
	if err1 == nil && err2 == nil {
		return i, c, true
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	for _, d := range dirs {
		i, err1 := exec.LookPath(filepath.Join(d, "initdb"))
		c, err2 := exec.LookPath(filepath.Join(d, "pg_ctl"))
		if err1 == nil && err2 == nil {
			return i, c, true
		}
	}
	return "", "", false
}

// runner returns a function running PostgreSQL binaries on dir. PostgreSQL
// refuses to run as root, so as root it runs them as the postgres user
// (runuser), which must then own dir.
func runner(dir string) (func(ctx context.Context, name string, args ...string) error, error) {
	// The parent stays traversable: the postgres user must reach dir.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, fmt.Errorf("database.runner: %w", err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !os.IsExist(err) {
		return nil, fmt.Errorf("database.runner: %w", err)
	}
	var prefix []string
	if os.Geteuid() == 0 {
		pg, err := user.Lookup("postgres")
		if err != nil {
			return nil, errors.New("database: the PostgreSQL binaries refuse to run as root and there is no postgres user: set DATABASE_URL or run as another user")
		}
		uid, _ := strconv.Atoi(pg.Uid)
		gid, _ := strconv.Atoi(pg.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, fmt.Errorf("database.runner: %w", err)
		}
		prefix = []string{"runuser", "-u", "postgres", "--"}
	}
	return func(ctx context.Context, name string, args ...string) error {
		argv := append(append(prefix[:len(prefix):len(prefix)], name), args...)
		out, err := exec.CommandContext(ctx, argv[0], argv[1:]...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("database: %s: %v: %s", filepath.Base(name), err, lastLine(out))
		}
		return nil
	}, nil
}

// lastLine returns the last non-empty line of out, the one that says why.
func lastLine(out []byte) string {
	lines := strings.Split(string(out), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i] != "" {
			return lines[i]
		}
	}
	return ""
}
