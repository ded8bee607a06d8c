package site_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/editorial"
	"sogliq/server/site/sitetest"
)

// hostileMarkup is what an editor's slip (or a stolen editor account)
// might type into any text field: a refresh to another site, a script
// through an image's error handler, and a script element.
const hostileMarkup = `Текст <meta http-equiv="refresh" content="0;url=https://evil.example">` +
	`<img src="/evil.png" onerror="alert(1)"><script>alert(2)</script>`

// TestEditorMarkupStaysText: for every kind the editor edits, every text
// field of the form (plain, long and rich text, in both languages) is set
// to hostileMarkup and published; neither language's page then holds a
// meta refresh, an event handler or the script as elements. Rich text
// keeps only what the sanitiser allows; plain text is written as text.
func TestEditorMarkupStaysText(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "770")["editor"]
	t.Run("stored before sanitising", func(t *testing.T) {
		// A row written as typed, before the editor sanitised answers.
		if _, err := s.DB.Exec(`
			INSERT INTO faq_items (position, question_ru, question_uz, answer_ru, answer_uz, published)
			VALUES (0, 'Старый вопрос', 'Eski savol', $1, $1, true)`, hostileMarkup); err != nil {
			t.Fatal(err)
		}
		for _, u := range []string{s.URL + "/faq", s.URL + "/uz/faq"} {
			wantNoMarkup(t, sitetest.Get(t, u))
		}
	})
	for _, k := range editorial.Kinds {
		t.Run(k.Name, func(t *testing.T) {
			prefix, ok := kindPaths[k.Name]
			if !ok {
				t.Fatalf("no page path for kind %q in kindPaths", k.Name)
			}
			id, page := pickShown(t, s, k, prefix)
			api := fmt.Sprintf("%s/api/editor/%s/%d", s.URL, k.Name, id)
			values := formValues(t, api, editor)
			set := 0
			for _, f := range k.Fields {
				if !f.Translatable || (f.Type != editorial.Text && f.Type != editorial.LongText && f.Type != editorial.RichText) {
					continue
				}
				if f.Max > 0 && f.Max < len([]rune(hostileMarkup)) {
					continue
				}
				values[f.Name] = map[string]any{"ru": hostileMarkup, "uz": hostileMarkup}
				set++
			}
			if set == 0 {
				t.Fatalf("%s has no translatable text field long enough for the payload", k.Name)
			}
			body, _ := json.Marshal(values)
			if st, answer := call(t, "PUT", api+"/draft", editor, string(body)); st != 200 {
				t.Fatalf("draft: %d %s", st, answer)
			}
			if st, answer := call(t, "POST", api+"/publish", editor, ""); st != 200 {
				t.Fatalf("publish: %d %s", st, answer)
			}
			uz := strings.Replace(page, s.URL, s.URL+"/uz", 1)
			for _, u := range []string{page, uz} {
				wantNoMarkup(t, sitetest.Get(t, u))
			}
		})
	}
}

// wantNoMarkup fails when p holds hostileMarkup's elements.
func wantNoMarkup(t *testing.T, p sitetest.Page) {
	t.Helper()
	u := p.Resp.Request.URL.Path
	if p.Resp.StatusCode != 200 {
		t.Fatalf("%s: %d", u, p.Resp.StatusCode)
	}
	for _, n := range p.All(t, "meta[http-equiv]") {
		t.Errorf("%s: a stored <meta http-equiv=%q content=%q>", u, sitetest.Attr(n, "http-equiv"), sitetest.Attr(n, "content"))
	}
	for _, n := range p.All(t, "[onerror]") {
		t.Errorf("%s: a stored <%s> with onerror=%q", u, n.Data, sitetest.Attr(n, "onerror"))
	}
	for _, n := range p.All(t, "script") {
		if n.FirstChild != nil && n.FirstChild.Type == html.TextNode && strings.TrimSpace(n.FirstChild.Data) == "alert(2)" {
			t.Errorf("%s: a stored <script>", u)
		}
	}
}
