package search

import "testing"

// BenchmarkUnderstand times the lexicon's reading of a query (no database).
func BenchmarkUnderstand(b *testing.B) {
	f, err := LoadLexicon()
	if err != nil {
		b.Fatal(err)
	}
	l := buildLexicon(f, nil, nil)
	qs := []string{"климакс", "bo'g'imlarim og'riyapti", "кожник", "erkaklar shifokori", "температура у ребёнка", "ка", "kardilog"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l.understand(qs[i%len(qs)])
	}
}
