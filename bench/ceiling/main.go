// Command ceiling is the cache-hit benchmark's ceiling (bench/hits.sh): a
// bare Fiber handler answering every GET with one response held in memory,
// the same status line, headers and bytes a cached Sog'liq page is sent
// with. What Sog'liq's hit path costs beyond it is the price of its
// middleware, its checks and its cache.
//
//	ceiling -addr 127.0.0.1:PORT -response FILE
//
// FILE is what `curl -s -D - -o body` writes: headers then, in the file
// named by -body, the body.
package main

import (
	"bufio"
	"flag"
	"log"
	"os"
	"strings"

	"github.com/gofiber/fiber/v2"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:3999", "listen address")
	headersFile := flag.String("headers", "", "the response's headers, as curl -D writes them")
	bodyFile := flag.String("body", "", "the response's body")
	flag.Parse()
	body, err := os.ReadFile(*bodyFile)
	if err != nil {
		log.Fatal(err)
	}
	headers, err := readHeaders(*headersFile)
	if err != nil {
		log.Fatal(err)
	}
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/*", func(c *fiber.Ctx) error {
		for _, h := range headers {
			c.Set(h[0], h[1])
		}
		return c.Send(body)
	})
	log.Fatal(app.Listen(*addr))
}

// readHeaders reads the header lines of a response, leaving out the status
// line and those the server writes itself (length, date, connection).
func readHeaders(name string) ([][2]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(strings.TrimRight(sc.Text(), "\r"), ":")
		if !ok {
			continue
		}
		switch strings.ToLower(k) {
		case "content-length", "date", "connection", "server", "transfer-encoding":
			continue
		}
		out = append(out, [2]string{k, strings.TrimSpace(v)})
	}
	return out, sc.Err()
}
