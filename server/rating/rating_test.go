package rating

import "testing"

// TestOf: the published formula, exact.
func TestOf(t *testing.T) {
	for _, test := range []struct {
		n, sum int
		want   float64
	}{{0, 0, 0}, {1, 5, 4.17}, {1, 1, 3.5}, {200, 960, 4.78}, {3, 15, 4.38}, {10, 10, 2}} {
		if got := Of(test.n, test.sum); got != test.want {
			t.Errorf("Of(%d, %d) = %v, want %v", test.n, test.sum, got, test.want)
		}
	}
	if Of(1, 5) >= Of(200, 960) {
		t.Error("one 5-star review outranks 200 at 4.8")
	}
}
