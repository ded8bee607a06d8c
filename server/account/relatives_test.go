package account

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// signInAs signs phone in through the code flow and returns its Cookie header.
func (at *apiTest) signInAs(t *testing.T, phone string) string {
	t.Helper()
	if a := at.do(t, "POST", "/api/auth/code", `{"phone":"`+phone+`"}`); a.status != 200 {
		t.Fatalf("code: %d %v", a.status, a.body)
	}
	a := at.do(t, "POST", "/api/auth/verify", `{"phone":"`+phone+`","code":"`+at.gateway.LastCode("+998"+phone)+`"}`)
	return "token=" + cookie(a.header, TokenCookie).Value
}

func TestRelativesAPI(t *testing.T) {
	at := newAPITest(t, true)
	mine, theirs := at.signInAs(t, "901234567"), at.signInAs(t, "907654321")

	a := at.do(t, "POST", "/api/account/relatives", `{"name":"  Алия   Каримова ","birthDate":"2019-05-04","relation":"child"}`, "Cookie", mine)
	if a.status != 201 {
		t.Fatalf("add: %d %v", a.status, a.body)
	}
	child := a.body["data"].(map[string]any)
	if child["name"] != "Алия Каримова" || child["birthDate"] != "2019-05-04" || child["relation"] != "child" {
		t.Errorf("added %v", child)
	}
	id := int64(child["id"].(float64))

	// Refused forms: a message per field, in the caller's language.
	today := t0.In(Tashkent).Format("2006-01-02")
	tomorrow := t0.In(Tashkent).AddDate(0, 0, 1).Format("2006-01-02")
	for _, test := range []struct {
		name, body, lang, field, want string
	}{
		{"no name", `{"name":" ","birthDate":"2019-05-04","relation":"child"}`, "ru", "name", "Укажите имя."},
		{"long name", `{"name":"` + strings.Repeat("а", 101) + `","birthDate":"2019-05-04","relation":"child"}`, "uz", "name", "Ism — 100 tagacha harf, boʻsh joy, chiziqcha va apostrof."},
		{"digits", `{"name":"Алия 2","birthDate":"2019-05-04","relation":"child"}`, "ru", "name", "Имя — до 100 букв, пробелов, дефисов и апострофов."},
		{"future", `{"name":"Алия","birthDate":"` + tomorrow + `","relation":"child"}`, "ru", "birthDate", "Укажите дату рождения: не позже сегодняшнего дня и не раньше чем 120 лет назад."},
		{"too old", `{"name":"Алия","birthDate":"1900-01-01","relation":"parent"}`, "uz", "birthDate", "Tugʻilgan sanani kiriting: bugundan kech emas va 120 yildan oldin emas."},
		{"not a date", `{"name":"Алия","birthDate":"04.05.2019","relation":"child"}`, "ru", "birthDate", "Укажите дату рождения: не позже сегодняшнего дня и не раньше чем 120 лет назад."},
		{"relation", `{"name":"Алия","birthDate":"2019-05-04","relation":"cousin"}`, "ru", "relation", "Выберите, кем вам приходится этот человек."},
	} {
		t.Run(test.name, func(t *testing.T) {
			a := at.do(t, "POST", "/api/account/relatives?lang="+test.lang, test.body, "Cookie", mine)
			fields, _ := a.body["fields"].(map[string]any)
			if a.status != 422 || fields[test.field] != test.want {
				t.Errorf("%d %v", a.status, a.body)
			}
		})
	}
	if a := at.do(t, "POST", "/api/account/relatives", `{"name":"Новорождённый","birthDate":"`+today+`","relation":"child"}`, "Cookie", mine); a.status != 201 {
		t.Errorf("born today: %d %v", a.status, a.body)
	}

	// Only the owner sees, changes or deletes them; another user's id is
	// answered as a missing one.
	path := fmt.Sprintf("/api/account/relatives/%d", id)
	if a := at.do(t, "GET", "/api/account/relatives", "", "Cookie", theirs); a.status != 200 || len(a.body["data"].([]any)) != 0 {
		t.Errorf("another user's list: %d %v", a.status, a.body)
	}
	if a := at.do(t, "PUT", path+"?lang=uz", `{"name":"Чужой","birthDate":"2019-05-04","relation":"child"}`, "Cookie", theirs); a.status != 404 || a.body["error"] != "Bunday qarindosh profilingizda yoʻq." {
		t.Errorf("another user's edit: %d %v", a.status, a.body)
	}
	if a := at.do(t, "DELETE", path, "", "Cookie", theirs); a.status != 404 {
		t.Errorf("another user's delete: %d %v", a.status, a.body)
	}
	if a := at.do(t, "GET", "/api/account/relatives", ""); a.status != 401 {
		t.Errorf("signed out: %d", a.status)
	}
	if a := at.do(t, "PUT", path, `{"name":"Алия Каримова","birthDate":"2019-05-14","relation":"child"}`, "Cookie", mine); a.status != 200 || a.body["data"].(map[string]any)["birthDate"] != "2019-05-14" {
		t.Errorf("edit: %d %v", a.status, a.body)
	}
	if a := at.do(t, "DELETE", path, "", "Cookie", mine); a.status != 204 {
		t.Errorf("delete: %d %v", a.status, a.body)
	}
	if a := at.do(t, "GET", "/api/account/relatives", "", "Cookie", mine); len(a.body["data"].([]any)) != 1 {
		t.Errorf("after delete: %v", a.body)
	}

	// Deleting the account deletes its relatives.
	if a := at.do(t, "POST", "/api/account/delete", `{"confirm":true}`, "Cookie", mine); a.status != 204 {
		t.Fatalf("delete account: %d %v", a.status, a.body)
	}
	var left int
	if err := at.db.Get(&left, `SELECT count(*) FROM relatives`); err != nil {
		t.Fatal(err)
	}
	if left != 0 {
		t.Errorf("%d relatives of the deleted account are left", left)
	}
}

// TestRelativesCap: adds sent at once never pass relativesPerAccount.
func TestRelativesCap(t *testing.T) {
	at := newAPITest(t, true)
	mine := at.signInAs(t, "901234567")
	max := relativeLimits.RelativesPerAccount
	var wg sync.WaitGroup
	var mu sync.Mutex
	counts := map[int]int{}
	for i := range max + 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a := at.do(t, "POST", "/api/account/relatives", fmt.Sprintf(`{"name":"Ребёнок %c","birthDate":"2019-05-04","relation":"child"}`, 'А'+rune(i)), "Cookie", mine)
			mu.Lock()
			counts[a.status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if counts[201] != max || counts[429] != 5 {
		t.Errorf("answers %v, want %d 201 and 5 429", counts, max)
	}
}
