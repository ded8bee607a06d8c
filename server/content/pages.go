package content

import (
	"context"
	"fmt"
	"strconv"

	"sogliq/server/derrors"
	"sogliq/server/i18n"
	"sogliq/server/page"
)

// InfoSlugs are the information pages, by route name; each route's page is
// the info_pages row of the same slug.
var InfoSlugs = []string{"about-us", "contacts", "terms", "privacy", "cookies", "account-deletion"}

// The page data carries the texts of the visitor's language only, picked
// by i18n.Pick; the store's types keep both for the editors and the sitemap.

// FAQPage is the data of /faq.
type FAQPage struct {
	Items []FAQEntry `json:"items"`
}

// FAQEntry is a question and its answer (sanitised HTML) in one language.
type FAQEntry struct {
	ID       int64  `json:"id"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// InfoPageData is the data of an information page (/o-nas, ...).
type InfoPageData struct {
	Page InfoText `json:"page"`
}

// InfoText is an information page in one language.
type InfoText struct {
	Slug  string `json:"slug"`
	Title string `json:"title"`
	Body  string `json:"body"`
}

// PostListPage is the data of a post listing: one page of one kind.
type PostListPage struct {
	Kind    string     `json:"kind" tstype:"PostKind"`
	Posts   []PostText `json:"posts"`
	Total   int        `json:"total"`
	Page    int        `json:"page"`
	PerPage int        `json:"perPage"`
}

// PostDetailPage is the data of an article, a news item or a press mention.
type PostDetailPage struct {
	Post PostText `json:"post"`
}

// PostText is a post in one language; Body, Doctors and Clinics are on
// its own page only.
type PostText struct {
	ID             int64  `json:"id"`
	Kind           string `json:"kind" tstype:"PostKind"`
	Slug           string `json:"slug"`
	Title          string `json:"title"`
	Summary        string `json:"summary"`
	Body           string `json:"body,omitempty"`
	Author         string `json:"author"`
	PublishedOn    string `json:"publishedOn"` // YYYY-MM-DD
	ReadingMinutes int    `json:"readingMinutes"`
	// Cover names the cover picture (server/images), "" for none.
	Cover   string        `json:"cover"`
	Doctors []RelatedText `json:"doctors,omitempty"`
	Clinics []RelatedText `json:"clinics,omitempty"`
}

// RelatedText is a doctor or clinic a post mentions, in one language.
type RelatedText struct {
	Slug   string `json:"slug"`
	Name   string `json:"name"`
	Detail string `json:"detail"`
}

// faqIn picks lang's texts. Answers are sanitised again on the way out:
// until the editor treated them as rich text they were stored as typed.
func faqIn(lang string, items []FAQItem) []FAQEntry {
	out := make([]FAQEntry, len(items))
	for i, q := range items {
		out[i] = FAQEntry{ID: q.ID, Question: i18n.Pick(lang, q.QuestionRu, q.QuestionUz), Answer: Sanitize(i18n.Pick(lang, q.AnswerRu, q.AnswerUz))}
	}
	return out
}

func postIn(lang string, p Post) PostText {
	return PostText{
		ID: p.ID, Kind: p.Kind, Slug: p.Slug,
		Title:       i18n.Pick(lang, p.TitleRu, p.TitleUz),
		Summary:     i18n.Pick(lang, p.SummaryRu, p.SummaryUz),
		Body:        i18n.Pick(lang, p.BodyRu, p.BodyUz),
		Author:      i18n.Pick(lang, p.AuthorRu, p.AuthorUz),
		PublishedOn: p.PublishedOn, ReadingMinutes: p.ReadingMinutes, Cover: p.Cover,
		Doctors: relatedIn(lang, p.Doctors), Clinics: relatedIn(lang, p.Clinics),
	}
}

// PostsIn is ps as the lists show them, in lang.
func PostsIn(lang string, ps []Post) []PostText { return postsIn(lang, ps) }

func postsIn(lang string, ps []Post) []PostText {
	out := make([]PostText, len(ps))
	for i, p := range ps {
		out[i] = postIn(lang, p)
	}
	return out
}

func relatedIn(lang string, rs []Related) []RelatedText {
	if rs == nil {
		return nil
	}
	out := make([]RelatedText, len(rs))
	for i, r := range rs {
		out[i] = RelatedText{Slug: r.Slug, Name: i18n.Pick(lang, r.NameRu, r.NameUz), Detail: i18n.Pick(lang, r.DetailRu, r.DetailUz)}
	}
	return out
}

// TelegramPage is the data of the Telegram mini-app's entry page: none.
type TelegramPage struct{}

// Pages returns the loaders of the editorial routes (shared/routes.json);
// perPage is the size of post listings.
func Pages(s *Store, perPage int) page.Loaders {
	ls := page.Loaders{
		"faq":       s.loadFAQ,
		"articles":  s.postList("article", perPage),
		"article":   s.post("article"),
		"news":      s.postList("news", perPage),
		"news-item": s.post("news"),
		"press":     s.postList("press", perPage),
		// The Telegram mini-app's entry page is static: a search field and
		// links to the main sections.
		"opentelegram": func(context.Context, page.Request) (page.Result, error) {
			return page.Result{Data: TelegramPage{}, Tags: []string{"telegram"}}, nil
		},
	}
	for _, slug := range InfoSlugs {
		ls[slug] = s.infoPage(slug)
	}
	return ls
}

func (s *Store) infoPage(slug string) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		p, err := s.InfoPageBySlug(ctx, slug)
		if err != nil {
			return page.Result{}, err
		}
		return page.Result{Data: InfoPageData{Page: InfoText{Slug: p.Slug, Title: i18n.Pick(req.Lang, p.TitleRu, p.TitleUz), Body: i18n.Pick(req.Lang, p.BodyRu, p.BodyUz)}}, Tags: []string{"info:" + slug}}, nil
	}
}

func (s *Store) loadFAQ(ctx context.Context, req page.Request) (page.Result, error) {
	items, err := s.FAQ(ctx)
	if err != nil {
		return page.Result{}, err
	}
	return page.Result{Data: FAQPage{Items: faqIn(req.Lang, items)}, Tags: []string{"faq"}}, nil
}

func (s *Store) postList(kind string, perPage int) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		n, err := page.Number(req.Query.Get("page"))
		if err != nil {
			return page.Result{}, err
		}
		pg, err := s.Posts(ctx, kind, n, perPage)
		if err != nil {
			return page.Result{}, err
		}
		if n > 1 && len(pg.Posts) == 0 {
			return page.Result{}, fmt.Errorf("%s page %d: %w", kind, n, derrors.NotFound)
		}
		return page.Result{
			Data: PostListPage{Kind: kind, Posts: postsIn(req.Lang, pg.Posts), Total: pg.Total, Page: pg.Page, PerPage: pg.PerPage},
			Tags: []string{"posts:" + kind},
		}, nil
	}
}

func (s *Store) post(kind string) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		p, err := s.PostBySlug(ctx, kind, req.Params["slug"])
		if err != nil {
			return page.Result{}, err
		}
		return page.Result{Data: PostDetailPage{Post: postIn(req.Lang, p)}, Tags: []string{"post:" + strconv.FormatInt(p.ID, 10)}}, nil
	}
}

// pageNumber reads ?page: absent is 1, anything but a positive integer wraps
