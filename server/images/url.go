package images

import "strings"

// URL is the path a variant is served at (shared/images.json's urlPattern,
// which client/lib/picture.ts follows too).
func URL(hash string, s Size, density int) string {
	d := ""
	if density > 1 {
		d = "@" + itoa(density) + "x"
	}
	return strings.NewReplacer("{hash}", hash, "{size}", s.Name, "{width}", itoa(s.Width),
		"{height}", itoa(s.Height), "{density}", d).Replace(sizesFile.URLPattern)
}
