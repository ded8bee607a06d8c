package desk

import (
	"fmt"
	"regexp"
	"testing"
)

// TestVisitDocuments: the desk's visits carry the patient's documents,
// each with a link signed for the staff member; another clinic's staff
// get none of them.
func TestVisitDocuments(t *testing.T) {
	f := newFixture(t)
	visit := f.visit(t, 1, 2)
	bare := f.visit(t, 1, 3)
	f.exec(t, `INSERT INTO visit_documents (appointment_id, user_id, kind, filename, content_type, size_bytes, sha256, storage_key, created_at)
		VALUES ($1, 1, 'referral', 'направление.pdf', 'application/pdf', 100, repeat('a', 64), '1/' || repeat('b', 32), now())`, visit)
	a := f.call(t, "GET", "/api/desk/visits?clinic=1", "", f.session(t, 2))
	if a.status != 200 {
		t.Fatalf("%d %s", a.status, a.raw)
	}
	docs := map[float64][]any{}
	for _, d := range a.body["data"].(map[string]any)["doctors"].([]any) {
		for _, v := range d.(map[string]any)["visits"].([]any) {
			v := v.(map[string]any)
			docs[v["id"].(float64)] = v["documents"].([]any)
		}
	}
	if len(docs[float64(bare)]) != 0 {
		t.Errorf("a visit without documents lists %v", docs[float64(bare)])
	}
	if len(docs[float64(visit)]) != 1 {
		t.Fatalf("visit %d: %v", visit, docs[float64(visit)])
	}
	d := docs[float64(visit)][0].(map[string]any)
	link := regexp.MustCompile(`^/api/documents/\d+/file\?exp=\d+&sig=[A-Za-z0-9_-]{43}$`)
	if d["name"] != "направление.pdf" || d["kind"] != "referral" || !link.MatchString(fmt.Sprint(d["url"])) {
		t.Errorf("document %v", d)
	}
	if a := f.call(t, "GET", "/api/desk/visits?clinic=1", "", f.session(t, 3)); a.status != 403 {
		t.Errorf("another clinic's staff: %d %s", a.status, a.raw)
	}
}
