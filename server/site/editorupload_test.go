package site_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"sogliq/server/account"
	"sogliq/server/account/smstest"
	"sogliq/server/site/sitetest"
)

// TestEditorImageUpload: an editor uploads a doctor's photo through the
// image pipeline, puts its hash in a draft and publishes; the doctor's
// page then shows the photo, served from /media/. Bytes that are not a
// picture are refused in the editor's language, an unknown use is a 404,
// and only editors upload.
func TestEditorImageUpload(t *testing.T) {
	sms := smstest.Start(t)
	s := sitetest.Start(t, sitetest.Options{SMS: &account.HTTPSender{URL: sms.URL}})
	editor := editorUsers(t, s, sms, "745")["editor"]
	var pic bytes.Buffer
	m := image.NewRGBA(image.Rect(0, 0, 600, 800))
	for y := range 800 {
		for x := range 600 {
			m.Set(x, y, color.RGBA{uint8(x), uint8(y), 180, 255})
		}
	}
	if err := png.Encode(&pic, m); err != nil {
		t.Fatal(err)
	}
	upload := s.URL + "/api/editor/images?use=doctor"
	st, body := call(t, "POST", upload, editor, pic.String(), "Content-Type", "image/png")
	var up struct {
		Data struct{ Hash string } `json:"data"`
	}
	if err := json.Unmarshal([]byte(body), &up); st != 201 || err != nil || len(up.Data.Hash) != 64 {
		t.Fatalf("upload: %d %s", st, body)
	}

	for _, test := range []struct {
		name, url, cookies, body string
		want                     int
		text                     string
	}{
		{"not a picture", upload + "&lang=uz", editor, "this is not a picture", 415, ""},
		{"an unknown use", s.URL + "/api/editor/images?use=banner", editor, pic.String(), 404, ""},
		{"a visitor", upload, "", pic.String(), 401, ""},
	} {
		t.Run(test.name, func(t *testing.T) {
			st, body := call(t, "POST", test.url, test.cookies, test.body, "Content-Type", "image/png")
			if st != test.want || !strings.Contains(body, `"error"`) {
				t.Errorf("%d %s, want %d with an error", st, body, test.want)
			}
		})
	}

	d := pickDoctor(t, s)
	api := fmt.Sprintf("%s/api/editor/doctor/%d", s.URL, d.ID)
	values := formValues(t, api, editor)
	values["photo"] = map[string]any{"text": up.Data.Hash}
	b, _ := json.Marshal(values)
	if st, body := call(t, "PUT", api+"/draft", editor, string(b)); st != 200 {
		t.Fatalf("draft: %d %s", st, body)
	}
	if st, body := call(t, "POST", api+"/publish", editor, ""); st != 200 {
		t.Fatalf("publish: %d %s", st, body)
	}
	p := sitetest.Get(t, s.URL+"/doctor/"+d.Slug)
	src := regexp.MustCompile(`/media/` + up.Data.Hash + `/[a-z]+-\d+x\d+(@2x)?\.webp`).FindString(p.Body)
	if src == "" {
		t.Fatalf("the doctor's page shows no variant of the uploaded photo")
	}
	resp, err := http.Get(s.URL + src)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/webp" {
		t.Errorf("%s: %d %s", src, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}
