package content

import (
	"context"
	"fmt"
	"strconv"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// InfoSlugs are the information pages, by route name; each route's page is
// the info_pages row of the same slug.
var InfoSlugs = []string{"about-us", "contacts", "terms", "privacy", "cookies", "account-deletion"}

// FAQPage is the data of /faq.
type FAQPage struct {
	Items []FAQEntry `json:"items"`
}

// InfoPageData is the data of an information page (/o-nas, ...).
type InfoPageData struct {
	Page InfoPage `json:"page"`
}

// PostListPage is the data of a post listing: one page of one kind.
type PostListPage struct {
	Kind    string `json:"kind" tstype:"PostKind"`
	Posts   []Post `json:"posts"`
	Total   int    `json:"total"`
	Page    int    `json:"page"`
	PerPage int    `json:"perPage"`
}

// PostDetailPage is the data of an article, a news item or a press mention.
type PostDetailPage struct {
	Post Post `json:"post"`
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
		p, err := s.InfoPageBySlug(ctx, slug, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		return page.Result{Data: InfoPageData{Page: p}, Tags: []string{"info:" + slug}}, nil
	}
}

func (s *Store) loadFAQ(ctx context.Context, req page.Request) (page.Result, error) {
	items, err := s.FAQ(ctx, req.Lang)
	if err != nil {
		return page.Result{}, err
	}
	return page.Result{Data: FAQPage{Items: items}, Tags: []string{"faq"}}, nil
}

func (s *Store) postList(kind string, perPage int) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		n, err := page.Number(req.Query.Get("page"))
		if err != nil {
			return page.Result{}, err
		}
		pg, err := s.Posts(ctx, kind, n, perPage, req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		if n > 1 && len(pg.Posts) == 0 {
			return page.Result{}, fmt.Errorf("%s page %d: %w", kind, n, derrors.NotFound)
		}
		return page.Result{
			Data: PostListPage{Kind: kind, Posts: pg.Posts, Total: pg.Total, Page: pg.Page, PerPage: pg.PerPage},
			Tags: []string{"posts:" + kind},
		}, nil
	}
}

func (s *Store) post(kind string) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		p, err := s.PostBySlug(ctx, kind, req.Params["slug"], req.Lang)
		if err != nil {
			return page.Result{}, err
		}
		return page.Result{Data: PostDetailPage{Post: p}, Tags: []string{"post:" + strconv.FormatInt(p.ID, 10)}}, nil
	}
}

// pageNumber reads ?page: absent is 1, anything but a positive integer wraps
