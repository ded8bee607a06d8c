package content

import (
	"strings"
	"testing"
)

func TestSanitize(t *testing.T) {
	for _, test := range []struct{ in, want string }{
		{`<p>Текст</p>`, `<p>Текст</p>`},
		{`<p onclick="x()">a</p><script>alert(1)</script>`, `<p>a</p>`},
		{`<a href="javascript:alert(1)">a</a>`, `a`},
		{`<a href="https://sogliq.uz/doctors">a</a>`, `<a href="https://sogliq.uz/doctors" rel="nofollow noopener" target="_blank">a</a>`},
		{`<img src=x onerror=alert(1)>`, `<img src="x">`},
		{`<iframe src="https://evil.example"></iframe><style>p{}</style>`, ``},
		{`<h2>Заголовок</h2><ul><li>один</li></ul>`, `<h2>Заголовок</h2><ul><li>один</li></ul>`},
	} {
		if got := Sanitize(test.in); got != test.want {
			t.Errorf("Sanitize(%q) = %q, want %q", test.in, got, test.want)
		}
	}
}

func TestReadingMinutes(t *testing.T) {
	for _, test := range []struct {
		words, want int
	}{{0, 1}, {1, 1}, {180, 1}, {181, 2}, {900, 5}} {
		html := "<p>" + strings.Repeat("слово ", test.words) + "</p>"
		if got := ReadingMinutes(html); got != test.want {
			t.Errorf("ReadingMinutes(%d words) = %d, want %d", test.words, got, test.want)
		}
	}
}
