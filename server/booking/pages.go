package booking

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"sogliq/server/derrors"
	"sogliq/server/documents"
	"sogliq/server/page"
)

// Pages are the loaders of the visitor's own booking pages: "history"
// (/history, route access "optional": anyone may open it, a signed-in
// visitor sees their visits) and "booking" (/history/{id}, access
// "session": the confirmation of one of the user's bookings). Both render
// per request, never cached, noindex. /history also gives a signed-in
// visitor the addresses of their calendar feed (calendar.go), under
// publicURL, making its token on the first visit. /history/{id} shows the
// visit's documents from docs.
func Pages(store *Store, dict Translator, publicURL string, now func() time.Time, docs *documents.Store) page.Loaders {
	return page.Loaders{
		"history": historyPage(store, dict, publicURL, now),
		"booking": bookingPage(store, dict, now, docs),
	}
}

func historyPage(store *Store, dict Translator, publicURL string, now func() time.Time) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		data := HistoryPage{Upcoming: []Booking{}, Past: []Booking{}}
		if req.UserID != 0 {
			v, err := store.Visits(ctx, req.UserID, req.Lang, now(), dict)
			if err != nil {
				return page.Result{}, err
			}
			// The feed's address is made on the first visit here.
			token, err := store.FeedToken(ctx, req.UserID, now())
			if err != nil {
				return page.Result{}, err
			}
			feed := FeedURLs(publicURL, token, req.Lang)
			data = HistoryPage{SignedIn: true, Upcoming: v.Upcoming, Past: []Booking{}, Calendar: &feed}
			// A visit cancelled or moved before its time is not a past
			// visit: the page shows it among the upcoming ones, marked
			// (issue 34 item 5); the API's lists stay as documented.
			t := now()
			for _, b := range v.Past {
				if (b.Status == "cancelled" || b.Status == "rescheduled") && parseStamp(b.Start).After(t) {
					data.Upcoming = append(data.Upcoming, b)
				} else {
					data.Past = append(data.Past, b)
				}
			}
			slices.SortStableFunc(data.Upcoming, func(a, b Booking) int { return strings.Compare(a.Start, b.Start) })
		}
		return page.Result{Data: data, NoIndex: true}, nil
	}
}

func bookingPage(store *Store, dict Translator, now func() time.Time, docs *documents.Store) page.Loader {
	return func(ctx context.Context, req page.Request) (page.Result, error) {
		id, err := strconv.ParseInt(req.Params["id"], 10, 64)
		if err != nil || id <= 0 || req.UserID == 0 {
			return page.Result{}, fmt.Errorf("booking page %q: %w", req.Params["id"], derrors.NotFound)
		}
		b, err := store.Booking(ctx, req.UserID, id, req.Lang, now(), dict)
		if err != nil {
			return page.Result{}, err
		}
		data := BookingPage{Booking: b, Documents: documents.VisitDocuments{BookingID: id, Documents: []documents.Document{}}}
		if docs != nil {
			if data.Documents, err = docs.OfVisit(ctx, req.UserID, id, now()); err != nil {
				return page.Result{}, err
			}
			for i := range data.Documents.Documents {
				if req.Lang == "uz" {
					data.Documents.Documents[i].URL += "&lang=uz"
				}
			}
		}
		return page.Result{Data: data, NoIndex: true}, nil
	}
}
