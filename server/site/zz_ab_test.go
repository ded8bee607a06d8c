package site_test

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/jmoiron/sqlx"

	"sogliq/server/cache"
	"sogliq/server/site/sitetest"
	"sogliq/ssr"
)

func zzLoad(t *testing.T) (props [][]byte) {
	t.Helper()
	db, err := sqlx.Open("postgres", os.Getenv("BENCH_SCALE_DB"))
	if err != nil {
		t.Fatal(err)
	}
	site := sitetest.StartWithDB(t, db, sitetest.Options{PoolSize: 1, NoFragments: true})
	var specialties, regions []string
	db.Select(&specialties, `SELECT slug FROM specialties ORDER BY id`)
	db.Select(&regions, `SELECT slug FROM regions ORDER BY position, id`)
	kind := os.Getenv("ZZ_KIND")
	var targets []string
	if kind == "searchpage" {
		for _, q := range []string{"кардиолог", "болит+голова", "анализ+крови", "инфаркт", "zzzqqq", "", "а", "yurak", "stomatolog", "мрт", "клиника", "педиатр+детский", "Иванов", "tish+og%27rig%27i", "узи", "глюкоза"} {
			for _, lang := range []string{"", "/uz"} {
				targets = append(targets, lang+"/search?q="+q, lang+"/search?q="+q+"&type=doctor", lang+"/search?q="+q+"&type=clinic&page=2")
			}
		}
	}
	if kind == "doctorpage" {
		var slugs []string
		db.Select(&slugs, `SELECT d.slug FROM doctors d ORDER BY d.review_count DESC, d.id LIMIT 150`)
		for _, sl := range slugs {
			targets = append(targets, "/doctor/"+sl, "/uz/doctor/"+sl)
		}
	}
	if kind == "clinicpage" {
		var slugs []string
		db.Select(&slugs, `SELECT slug FROM clinics ORDER BY id LIMIT 40`)
		for _, sl := range slugs {
			for _, lang := range []string{"", "/uz"} {
				for _, tab := range []string{"", "/kontakty", "/vrachi", "/tseny", "/otzyvy"} {
					targets = append(targets, lang+"/klinika/"+sl+tab)
				}
			}
		}
	}
	for _, r := range regions {
		if kind == "clinicpage" || kind == "doctorpage" || kind == "searchpage" {
			break
		}
		for _, lang := range []string{"", "/uz"} {
			prefix := lang + "/" + r
			if kind == "clinics" {
				targets = append(targets, prefix+"/kliniki/byalltype/all")
				continue
			}
			for _, s := range specialties {
				targets = append(targets, prefix+"/doctors/"+s)
			}
		}
	}
	max, _ := strconv.Atoi(os.Getenv("ZZ_N"))
	if max == 0 {
		max = 300
	}
	for _, target := range targets {
		p, err := site.Server.PageProps(context.Background(), target)
		if err == nil {
			props = append(props, p)
		}
		if len(props) >= max {
			break
		}
	}
	return props
}

func zzEngines(t *testing.T, bundle *ssr.Bundle, warm bool, props [][]byte) *ssr.Engine {
	rdb := sitetest.Redis(t)
	f := ssr.NewFragments(0)
	if warm {
		pages := cache.New(rdb, cache.Options{Prefix: "zz:" + strconv.FormatInt(time.Now().UnixNano(), 36), RedisTimeout: 2 * time.Second})
		t.Cleanup(func() { pages.Close() })
		f.Share(pages)
		w, err := ssr.NewEngine(bundle, ssr.Options{Size: 1, Fragments: f})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range props {
			w.Render(context.Background(), p)
		}
		time.Sleep(time.Second)
		f2 := ssr.NewFragments(0)
		f2.Share(pages)
		f = f2
	}
	e, err := ssr.NewEngine(bundle, ssr.Options{Size: 1, Fragments: f})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestZZAB(t *testing.T) {
	props := zzLoad(t)
	warm := os.Getenv("ZZ_MODE") == "warm"
	newB := sitetest.Bundle(t)
	oldB, err := ssr.Build(ssr.BuildOptions{Root: os.Getenv("ZZ_OLD"), Minify: true})
	if err != nil {
		t.Fatal(err)
	}
	eo, en := zzEngines(t, oldB, warm, props), zzEngines(t, newB, warm, props)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var co, cn []time.Duration
	differ := 0
	for _, p := range props {
		s := threadCPU()
		ho, err := eo.Render(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		m := threadCPU()
		hn, err := en.Render(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		e := threadCPU()
		co, cn = append(co, m-s), append(cn, e-m)
		if ho != hn {
			if differ == 0 {
				os.WriteFile("/tmp/zz_old.html", []byte(ho), 0o644)
				os.WriteFile("/tmp/zz_new.html", []byte(hn), 0o644)
			}
			differ++
		}
	}
	t.Logf("%d listings (%s): old %.2f ms, new %.2f ms; %d differ", len(props), os.Getenv("ZZ_MODE"), median(co), median(cn), differ)
}

func TestZZProf(t *testing.T) {
	props := zzLoad(t)
	warm := os.Getenv("ZZ_MODE") == "warm"
	e := zzEngines(t, sitetest.Bundle(t), warm, props)
	if os.Getenv("ZZ_GO") != "" {
		f, _ := os.Create("/tmp/gorender.prof")
		pprof.StartCPUProfile(f)
		for range 3 {
			for _, p := range props {
				e.Render(context.Background(), p)
			}
		}
		pprof.StopCPUProfile()
		f.Close()
		return
	}
	f, _ := os.Create("/tmp/js.prof")
	goja.StartProfile(f)
	for _, p := range props {
		e.Render(context.Background(), p)
	}
	goja.StopProfile()
	f.Close()
}
