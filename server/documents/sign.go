package documents

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"time"
)

// A link to a document is /api/documents/{id}/file?exp={unix}&sig={mac}:
// the MAC covers the document, the user it was made for and its end, so a
// link opens one file, for one signed-in person, until exp. Changing any
// part of it, or opening it as someone else, fails the MAC.
func (s *Store) sign(id, viewer int64, exp time.Time) string {
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("visit-document:" + strconv.FormatInt(id, 10) + ":" + strconv.FormatInt(viewer, 10) + ":" + strconv.FormatInt(exp.Unix(), 10)))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// link is the signed address of document id for viewer, open until now
// plus the link's lifetime.
func (s *Store) link(id, viewer int64, now time.Time) string {
	exp := now.Add(s.LinkTTL).Truncate(time.Second)
	return "/api/documents/" + strconv.FormatInt(id, 10) + "/file?exp=" + strconv.FormatInt(exp.Unix(), 10) + "&sig=" + s.sign(id, viewer, exp)
}

// validLink reports whether sig signs document id for viewer until exp
// (unix seconds) and exp has not passed at now.
func (s *Store) validLink(id, viewer int64, exp, sig string, now time.Time) bool {
	unix, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || unix <= 0 {
		return false
	}
	end := time.Unix(unix, 0)
	if !now.Before(end) || end.After(now.Add(s.LinkTTL+time.Minute)) {
		return false
	}
	return hmac.Equal([]byte(sig), []byte(s.sign(id, viewer, end)))
}
