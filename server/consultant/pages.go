package consultant

import (
	"context"
	"fmt"
	"strconv"

	"sogliq/server/derrors"
	"sogliq/server/page"
)

// Pages are the loaders of the consultant's routes, all behind the auth
// guard (req.UserID is the signed-in user). available tells the pages
// whether a model is configured.
func Pages(store *Store, available bool) page.Loaders {
	return page.Loaders{
		"consultant": func(ctx context.Context, req page.Request) (page.Result, error) {
			chats, err := store.Chats(ctx, req.UserID)
			if err != nil {
				return page.Result{}, err
			}
			return page.Result{Data: ListData{Chats: chats, Available: available}}, nil
		},
		"consultant-new": func(ctx context.Context, req page.Request) (page.Result, error) {
			return page.Result{Data: ChatData{Chat: Chat{Messages: []Message{}}, Available: available, MaxQuestion: MaxQuestion}}, nil
		},
		"consultant-chat": func(ctx context.Context, req page.Request) (page.Result, error) {
			id, err := strconv.ParseInt(req.Params["id"], 10, 64)
			if err != nil || id < 1 {
				return page.Result{}, fmt.Errorf("consultant chat %q: %w", req.Params["id"], derrors.NotFound)
			}
			chat, err := store.Chat(ctx, req.UserID, id)
			if err != nil {
				return page.Result{}, err
			}
			return page.Result{Data: ChatData{Chat: chat, Available: available, MaxQuestion: MaxQuestion}}, nil
		},
	}
}
