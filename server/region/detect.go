package region

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"

	"sogliq/server/route"
)

// Locator finds the city of an IP address.
type Locator interface {
	City(ctx context.Context, ip string) (string, error)
}

// HTTPLocator asks an HTTP service that answers JSON with a "city" field
// (GEOIP_URL); "{ip}" in URL is replaced by the address.
type HTTPLocator struct {
	URL    string
	Client *http.Client
}

// LocatorTimeout bounds one call of the location service.
const LocatorTimeout = time.Second

// City implements Locator.
func (l *HTTPLocator) City(ctx context.Context, ip string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, LocatorTimeout)
	defer cancel()
	target := strings.ReplaceAll(l.URL, "{ip}", url.PathEscape(ip))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return "", fmt.Errorf("region.HTTPLocator.City(%q): %w", ip, err)
	}
	client := l.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("region.HTTPLocator.City(%q): %w", ip, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("region.HTTPLocator.City(%q): status %d", ip, resp.StatusCode)
	}
	var body struct {
		City string `json:"city"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&body); err != nil {
		return "", fmt.Errorf("region.HTTPLocator.City(%q): %w", ip, err)
	}
	return body.City, nil
}

// Detector turns a visitor's IP address into a region slug.
type Detector struct {
	// Locator is nil when no location source is configured: every visitor
	// is then in the default region.
	Locator Locator
	Logger  *slog.Logger
}

// Detect returns the region slug of ip and whether it was found; on any
// failure (no locator, the service down, a city we do not know) it logs why
// and returns the default region, as spec §8 says.
func (d *Detector) Detect(ctx context.Context, ip string) (slug string, found bool) {
	if d == nil || d.Locator == nil {
		return route.DefaultRegion, false
	}
	city, err := d.Locator.City(ctx, ip)
	if err != nil {
		d.Logger.WarnContext(ctx, "IP location failed, falling back to Tashkent", slog.String("ip", ip), slog.Any("err", err))
		return route.DefaultRegion, false
	}
	slug, ok := MatchCity(city)
	if !ok {
		d.Logger.InfoContext(ctx, "IP location gave an unknown city, falling back to Tashkent", slog.String("ip", ip), slog.String("city", city))
		return route.DefaultRegion, false
	}
	return slug, true
}

// cityNames maps the folded spellings of cities and regions (Russian,
// Uzbek Latin and Cyrillic, English, common transliterations) to region
// slugs. Keys are folded with fold.
var cityNames = map[string]string{}

func init() {
	for slug, names := range map[string][]string{
		"tashkent": {"Tashkent", "Toshkent", "Ташкент", "Тошкент", "Taschkent", "Tachkent", "Tashkent City", "Toshkent shahri", "город Ташкент"},
		"tashkent-region": {"Tashkent Region", "Tashkent Oblast", "Toshkent viloyati", "Ташкентская область", "Тошкент вилояти",
			"Chirchiq", "Chirchik", "Чирчик", "Angren", "Ангрен", "Olmaliq", "Almalyk", "Алмалык", "Bekobod", "Bekabad", "Бекабад",
			"Ohangaron", "Akhangaran", "Ахангаран", "Nurafshon", "Toytepa", "Нурафшан", "Yangiyo'l", "Yangiyul", "Янгиюль",
			"Gazalkent", "G'azalkent", "Газалкент", "Parkent", "Паркент", "Zangiota", "Eshonguzar", "Chinoz", "Chinaz", "Чиназ", "Keles", "Келес"},
		"samarkand": {"Samarkand", "Samarqand", "Самарканд", "Самарқанд", "Samarkand Region", "Samarqand viloyati", "Самаркандская область",
			"Kattakurgan", "Kattaqo'rg'on", "Каттакурган", "Urgut", "Ургут"},
		"khorezm":  {"Khorezm", "Xorazm", "Хорезм", "Хоразм", "Khwarazm", "Urgench", "Urganch", "Ургенч", "Урганч", "Khiva", "Xiva", "Хива", "Хорезмская область", "Xorazm viloyati"},
		"namangan": {"Namangan", "Наманган", "Namangan Region", "Namangan viloyati", "Наманганская область", "Chust", "Чуст"},
		"navoi":    {"Navoi", "Navoiy", "Navoiyy", "Навои", "Навоий", "Navoiy viloyati", "Навоийская область", "Zarafshan", "Zarafshon", "Зарафшан", "Uchquduq", "Учкудук"},
		"kashkadarya": {"Kashkadarya", "Qashqadaryo", "Кашкадарья", "Қашқадарё", "Karshi", "Qarshi", "Карши", "Қарши", "Shahrisabz", "Shakhrisabz", "Шахрисабз",
			"Kashkadarya Region", "Qashqadaryo viloyati", "Кашкадарьинская область"},
		"bukhara": {"Bukhara", "Buxoro", "Бухара", "Бухоро", "Bukhoro", "Kagan", "Kogon", "Каган", "Bukhara Region", "Buxoro viloyati", "Бухарская область"},
		"jizzakh": {"Jizzakh", "Jizzax", "Jizakh", "Djizak", "Dzhizak", "Джизак", "Жиззах", "Jizzakh Region", "Jizzax viloyati", "Джизакская область"},
		"sirdaryo": {"Sirdaryo", "Syrdarya", "Sirdarya", "Сырдарья", "Сирдарё", "Gulistan", "Guliston", "Гулистан", "Гулистон", "Yangiyer", "Янгиер",
			"Sirdaryo viloyati", "Сырдарьинская область"},
		"surkhandarya": {"Surkhandarya", "Surxondaryo", "Сурхандарья", "Сурхондарё", "Termez", "Termiz", "Термез", "Термиз", "Denov", "Denau", "Денау",
			"Surxondaryo viloyati", "Сурхандарьинская область"},
		"andijan": {"Andijan", "Andijon", "Андижан", "Андижон", "Asaka", "Асака", "Andijan Region", "Andijon viloyati", "Андижанская область"},
		"fergana": {"Fergana", "Farg'ona", "Ferghana", "Fargona", "Фергана", "Фарғона", "Kokand", "Qo'qon", "Коканд", "Margilan", "Marg'ilon", "Маргилан",
			"Quvasoy", "Kuvasay", "Кувасай", "Fergana Region", "Farg'ona viloyati", "Ферганская область"},
		"karakalpakstan": {"Karakalpakstan", "Qoraqalpog'iston", "Каракалпакстан", "Қорақалпоғистон", "Nukus", "Nukus City", "Нукус", "Xojayli", "Khodjeyli", "Ходжейли",
			"Beruniy", "Беруни", "Republic of Karakalpakstan", "Республика Каракалпакстан"},
	} {
		for _, n := range names {
			cityNames[fold(n)] = slug
		}
	}
}

// MatchCity returns the region slug of a city or region name in any of the
// spellings cityNames knows.
func MatchCity(city string) (string, bool) {
	f := fold(city)
	if f == "" {
		return "", false
	}
	if slug, ok := cityNames[f]; ok {
		return slug, true
	}
	// "Samarkand city", "г. Самарканд", "Samarqand shahri": drop the word
	// for city around the name.
	for _, affix := range []string{"city", "shahri", "shahar", "gorod", "город", "г"} {
		for _, cut := range []string{strings.TrimSuffix(f, " "+affix), strings.TrimPrefix(f, affix+" ")} {
			if cut != f {
				if slug, ok := cityNames[cut]; ok {
					return slug, true
				}
			}
		}
	}
	return "", false
}

// fold lowercases, drops apostrophes of every kind (o', oʻ, o’, o`),
// turns ё into е and punctuation into single spaces.
func fold(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		switch {
		case strings.ContainsRune("'`’‘ʻʼ´", r):
			continue
		case r == 'ё':
			r = 'е'
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
