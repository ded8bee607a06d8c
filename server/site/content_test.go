package site_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"sogliq/server/content"
	"sogliq/server/site/sitetest"
)

// TestContentPages: the information pages, the FAQ, articles, news and
// press answer 200 in ru and uz with their content in the HTML.
func TestContentPages(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		path, lang, h1, selector string
		min                      int
	}{
		{"/about-us", "ru", "О нас", ".info-page p", 2},
		{"/uz/about-us", "uz", "Biz haqimizda", ".info-page p", 2},
		{"/contacts", "ru", "Контакты", `.info-page a[href="mailto:info@sogliq.uz"]`, 1},
		{"/uz/contacts", "uz", "Aloqa", ".info-page p", 2},
		{"/terms", "ru", "Пользовательское соглашение", ".info-page h2", 2},
		{"/uz/terms", "uz", "Foydalanuvchi shartnomasi", ".info-page h2", 2},
		{"/privacy", "ru", "Политика конфиденциальности", ".info-page p", 1},
		{"/uz/privacy", "uz", "Maxfiylik siyosati", ".info-page p", 1},
		{"/cookies", "ru", "cookie", ".info-page p", 1},
		{"/uz/cookies", "uz", "Cookie", ".info-page p", 1},
		{"/account-deletion", "ru", "Удаление аккаунта", ".info-page p", 2},
		{"/uz/account-deletion", "uz", "Akkauntni o'chirish", ".info-page p", 2},
		{"/faq", "ru", "Вопросы и ответы", "details.faq__item summary", 6},
		{"/uz/faq", "uz", "Savol va javoblar", "details.faq__item summary", 6},
		{"/articles", "ru", "Статьи", `article.post-summary h2 a[href^="/article/"]`, 10},
		{"/uz/articles", "uz", "maqolalar", `article.post-summary h2 a[href^="/uz/article/"]`, 10},
		{"/articles?page=3", "ru", "Статьи", "article.post-summary", 4},
		{"/article/davlenie-1", "ru", "Как контролировать давление", "article.post .post-body h2", 1},
		{"/uz/article/davlenie-1", "uz", "qon bosimini", "article.post .post-author", 1},
		{"/article/davlenie-1", "ru", "", `.post-related--doctors a[href^="/doctor/"]`, 2},
		{"/uz/article/davlenie-1", "uz", "", `.post-related--clinics a[href^="/uz/klinika/"]`, 1},
		{"/news/gripp-1", "ru", "", `.post-related--doctors a[href^="/doctor/"]`, 2},
		{"/news", "ru", "Новости", `article.post-summary h2 a[href^="/news/"]`, 10},
		{"/uz/news", "uz", "Yangiliklar", `nav.pagination a[rel="next"]`, 1},
		{"/news/gripp-1", "ru", "Грипп или простуда", "article.post time[datetime]", 1},
		{"/uz/news/gripp-1", "uz", "Gripp yoki shamollash", "article.post .post-body li", 2},
		{"/press", "ru", "Пресса о нас", "article.post-summary", 10},
		{"/uz/press", "uz", "OAV", "article.post-summary", 10},
	} {
		t.Run(test.path+" "+test.selector, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			expectPage(t, p, test.lang, test.h1)
			if got := sitetest.Attr(p.One(t, `head > meta[name="description"]`), "content"); got == "" {
				t.Error("empty description")
			}
			if got := len(p.All(t, test.selector)); got < test.min {
				t.Errorf("%d nodes match %q, want at least %d", got, test.selector, test.min)
			}
		})
	}
}

func TestFAQStructuredData(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, path := range []string{"/faq", "/uz/faq"} {
		p := sitetest.Get(t, s.URL+path)
		script := p.One(t, `script[type="application/ld+json"]`)
		var doc struct {
			Type       string `json:"@type"`
			MainEntity []struct {
				Type           string `json:"@type"`
				Name           string `json:"name"`
				AcceptedAnswer struct {
					Text string `json:"text"`
				} `json:"acceptedAnswer"`
			} `json:"mainEntity"`
		}
		if err := json.Unmarshal([]byte(sitetest.Text(script)), &doc); err != nil {
			t.Fatalf("%s: JSON-LD: %v", path, err)
		}
		if doc.Type != "FAQPage" || len(doc.MainEntity) != len(p.All(t, "details.faq__item")) {
			t.Fatalf("%s: %s with %d questions", path, doc.Type, len(doc.MainEntity))
		}
		for _, q := range doc.MainEntity {
			if q.Type != "Question" || q.Name == "" || q.AcceptedAnswer.Text == "" || strings.Contains(q.AcceptedAnswer.Text, "<") {
				t.Errorf("%s: question %+v", path, q)
			}
		}
	}
}

// TestScriptNeverReachesAPage writes an article whose body carries a
// script, an event handler and a javascript: link through the store, and
// checks the page shows the text but none of the active content.
func TestScriptNeverReachesAPage(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	body := `<p onclick="steal()">Безопасный текст</p><script>alert("xss")</script>` +
		`<img src="x" onerror="alert(1)"><a href="javascript:alert(2)">ссылка</a><iframe src="https://evil.example"></iframe>`
	store := content.NewStore(s.DB)
	if _, err := store.SavePost(context.Background(), content.NewPost{
		Kind: "article", Slug: "xss-test", TitleRu: "Проверка", TitleUz: "Tekshiruv",
		BodyRu: body, BodyUz: body, PublishedOn: "2026-01-01",
	}); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/article/xss-test", "/uz/article/xss-test"} {
		p := sitetest.Get(t, s.URL+path)
		if p.Resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", path, p.Resp.StatusCode)
		}
		post := p.One(t, ".post-body")
		if got := sitetest.Text(post); !strings.Contains(got, "Безопасный текст") {
			t.Errorf("%s: body text %q lost", path, got)
		}
		bodyPage := sitetest.Page{Resp: p.Resp, Doc: post}
		if n := len(bodyPage.All(t, "script, iframe, [onclick], [onerror], a[href^='javascript:']")); n != 0 {
			t.Errorf("%s: %d active elements reached the page", path, n)
		}
		if strings.Contains(p.Body, `alert("xss")`) || strings.Contains(p.Body, "evil.example") {
			t.Errorf("%s: the script's text reached the page", path)
		}
	}
}

func TestContentErrors(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, test := range []struct {
		path   string
		status int
	}{
		{"/article/no-such-article", 404},
		{"/uz/article/no-such-article", 404},
		{"/news/no-such-news", 404},
		{"/uz/news/no-such-news", 404},
		{"/news/davlenie-1?x=1", 200},
		{"/article/gripp-9", 404},
		{"/samarkand/about-us", 404},
		{"/articles?page=99", 404},
		{"/news?page=x", 400},
		{"/press?page=0", 400},
	} {
		t.Run(test.path, func(t *testing.T) {
			p := sitetest.Get(t, s.URL+test.path)
			if p.Resp.StatusCode != test.status {
				t.Fatalf("status %d, want %d", p.Resp.StatusCode, test.status)
			}
		})
	}
}

// TestFooterNamesPagesAsTheyNameThemselves: the footer's link to each
// information page, the press and the FAQ says what the page's heading
// says, in both languages (the Uzbek footer said "Kontaktlar" for the page
// "Aloqa", "Matbuot biz haqimizda" for "OAV biz haqimizda").
func TestFooterNamesPagesAsTheyNameThemselves(t *testing.T) {
	s := sitetest.Start(t, sitetest.Options{})
	for _, home := range []string{"/", "/uz"} {
		prefix := strings.TrimSuffix(home, "/")
		footer := sitetest.Get(t, s.URL+home)
		for _, page := range []string{"/about-us", "/contacts", "/press", "/privacy", "/terms"} {
			path := prefix + page
			link := footer.All(t, `footer a[href="`+path+`"]`)
			if len(link) == 0 {
				t.Errorf("%s: the footer has no link to %s", home, path)
				continue
			}
			h1 := sitetest.Text(sitetest.Get(t, s.URL+path).One(t, "h1"))
			if got := strings.TrimSpace(sitetest.Text(link[0])); got != h1 {
				t.Errorf("%s: the footer calls %s %q, the page calls itself %q", home, path, got, h1)
			}
		}
	}
}
