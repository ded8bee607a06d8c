package ssr

import (
	"bytes"
	"reflect"
	"strings"

	"github.com/dop251/goja"
)

// openTag writes to b the start of a plain element for the static renderer
// (client/staticRender.ts plain: div, span, p, li and the like, and links
// and buttons): "<tag"
// and the attributes of props, as React's pushAttribute writes them. It
// knows only the props such elements carry on the site's pages (below);
// for any other it reports false, leaving b as it was, and the script
// writes the element itself, with every rule. In the script this was a quarter of a cold
// card's time: a lookup, a switch and a push for every prop.
func openTag(b *bytes.Buffer, tag string, props *goja.Object) bool {
	mark := b.Len()
	b.WriteByte('<')
	b.WriteString(tag)
	for _, key := range props.Keys() {
		if key == "children" || key == "dangerouslySetInnerHTML" || tag == "select" && (key == "value" || key == "defaultValue") {
			continue // a select's value marks its options (plainwalk.go)
		}
		rule, attr := plainRule(tag, key)
		if !writeAttr(b, rule, attr, props.Get(key)) {
			b.Truncate(mark)
			return false
		}
	}
	return true
}

// writeAttr writes the attribute attr of value v by rule, as React's
// pushAttribute does; false, having written nothing, for what the script
// must write (a rule it does not know, a style or an object React would
// stringify, a javascript: link).
func writeAttr(b *bytes.Buffer, rule int, attr string, v goja.Value) bool {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return true
	}
	if _, ok := v.(*goja.Symbol); ok {
		return true // symbols and functions write nothing, whatever the name
	}
	if o, ok := v.(*goja.Object); ok {
		if _, fn := goja.AssertFunction(o); fn {
			return true
		}
		return false // style, or an object React would stringify
	}
	switch rule {
	case attrHref, attrSrc:
		s, ok := v.(goja.String)
		if !ok || scriptURL(utf8Of(s)) {
			return false // React's javascript: refusal is the script's
		}
		if rule == attrSrc && s.Length() == 0 {
			return true // React writes no empty src
		}
		b.WriteByte(' ')
		b.WriteString(attr)
		b.WriteString(`="`)
		b.WriteString(htmlEscaper.Replace(utf8Of(s)))
		b.WriteByte('"')
		return true
	case attrText:
		if v.ExportType() == boolType {
			return true // a boolean writes nothing for these names
		}
	case attrData:
	case attrBoolean:
		if v.ToBoolean() {
			b.WriteString(" ")
			b.WriteString(attr)
			b.WriteString(`=""`)
		}
		return true
	default:
		return false
	}
	b.WriteByte(' ')
	b.WriteString(attr)
	b.WriteString(`="`)
	b.WriteString(htmlEscaper.Replace(utf8Of(v)))
	b.WriteByte('"')
	return true
}

var boolType = reflect.TypeOf(true)

// How openTag writes a prop (staticRender.ts ruleOf, for the names it knows).
const (
	attrUnknown = iota // the script decides
	attrText           // the value escaped; a boolean writes nothing
	attrData           // data-* and aria-*: booleans as "true" and "false"
	attrBoolean        // name="" when truthy
	attrHref           // a link's href: "" written as such
	attrSrc            // an image's src: "" writes nothing
)

// plainRule is how openTag writes key on tag, and the attribute's name.
// Links and buttons take a few props of their own; the rest as on any
// plain element.
func plainRule(tag, key string) (int, string) {
	switch tag {
	case "a":
		switch key {
		case "href":
			return attrHref, key
		case "rel", "target", "hrefLang", "type", "referrerPolicy":
			return attrText, key
		}
	case "button":
		switch key {
		case "type":
			return attrText, key
		case "value":
			return attrData, key // React writes a boolean value as text
		case "disabled":
			return attrBoolean, key
		}
	case "select":
		switch key {
		case "name":
			return attrText, key
		case "disabled", "required", "multiple":
			return attrBoolean, key
		}
	case "option":
		switch key {
		case "value", "label": // a value that is not a string goes to the script (plainwalk.go)
			return attrText, key
		case "disabled":
			return attrBoolean, key
		}
	case "script": // an inline one (plainwalk.go inlineScript): no src, so not hoisted
		switch key {
		case "type", "nonce":
			return attrText, key
		}
	case "img": // a lazy one (plainwalk.go lazyImage)
		switch key {
		case "src":
			return attrSrc, key
		case "srcSet", "sizes", "alt", "width", "height", "decoding", "loading", "fetchPriority":
			return attrText, key // React's names as written, none aliased
		}
	}
	switch key {
	case "className":
		return attrText, "class"
	case "tabIndex":
		return attrText, "tabindex"
	case "htmlFor":
		return attrText, "for"
	case "id", "role", "title", "lang", "dir", "itemProp", "itemType", "itemID", "dateTime", "translate", "slot", "headers", "scope", "abbr", "colSpan", "cite":
		return attrText, key
	case "hidden", "itemScope", "open", "inert":
		return attrBoolean, key
	}
	if len(key) > 5 && (strings.HasPrefix(key, "data-") || strings.HasPrefix(key, "aria-")) && asciiName(key) {
		return attrData, key
	}
	return attrUnknown, ""
}

// headRule is how voidTag writes key on a meta or link element, and the
// attribute's name: the props such elements carry on the site's pages, as
// staticRender.ts ruleOf has them (an href as a URL, which writes nothing
// when empty; two aliases; the rest as they are).
func headRule(key string) (int, string) {
	switch key {
	case "href":
		return attrSrc, key
	case "crossOrigin":
		return attrText, "crossorigin"
	case "httpEquiv":
		return attrText, "http-equiv"
	case "charSet", "name", "content", "property", "rel", "type", "hrefLang", "as", "media", "sizes", "title", "id",
		"nonce", "integrity", "referrerPolicy", "fetchPriority", "imageSrcSet", "imageSizes", "blocking", "color":
		return attrText, key
	}
	return attrUnknown, ""
}

// scriptURL reports whether href may be a javascript: URL (React's
// isJavaScriptProtocol: leading controls and spaces, then a "j"), which
// openTag leaves to the script.
func scriptURL(href string) bool {
	for i := 0; i < len(href); i++ {
		switch c := href[i]; {
		case c <= ' ':
			continue
		case c == 'j' || c == 'J':
			return true
		default:
			return false
		}
	}
	return false
}

// asciiName reports whether key is made of letters, digits, '-', '_', '.'
// and ':' alone, which React's attribute name check accepts.
func asciiName(key string) bool {
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':') {
			return false
		}
	}
	return true
}
