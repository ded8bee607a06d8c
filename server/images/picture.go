package images

// Picture is one <img> as a page draws it: the 1x file, the srcset with
// the 2x one, the box it fills (so the page does not shift as it loads)
// and its text alternative in the page's language.
type Picture struct {
	Src    string `json:"src"`
	SrcSet string `json:"srcSet"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Alt    string `json:"alt"`
}

// Pic is the picture of the image named hash at size s; nil when there is
// no image (hash ""), so the page draws its fallback (a doctor's initials).
func Pic(hash string, s Size, alt string) *Picture {
	if !ValidHash(hash) {
		return nil
	}
	one, two := URL(hash, s, 1), URL(hash, s, 2)
	return &Picture{Src: one, SrcSet: one + " 1x, " + two + " 2x", Width: s.Width, Height: s.Height, Alt: alt}
}

// Pics is Pic for each of hashes (a clinic's gallery), alt numbered by the
// caller's function.
func Pics(hashes []string, s Size, alt func(i int) string) []Picture {
	out := make([]Picture, 0, len(hashes))
	for i, h := range hashes {
		if p := Pic(h, s, alt(i)); p != nil {
			out = append(out, *p)
		}
	}
	return out
}

// URL is the path a variant is served at.
func URL(hash string, s Size, density int) string {
	return Prefix + Key(hash, s, density)[3:]
}
