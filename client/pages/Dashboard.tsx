// The editors' dashboard, /dashboard: the last 30 days of views, searches
// without results and bookings, as charts drawn on the server (route
// access "session": per request, never cached, noindex). server/analytics
// loads it, for editors and admins only.
import { t, type Key } from "../lib/i18n";
import { PageHead } from "../components/PageHead";
import { BarChart, DayChart } from "../components/Chart";
import type { DashboardPage, Count } from "../gen/analytics";
import type { RenderProps } from "../types";

function bars(xs: Count[]) {
  return xs.map((x) => ({ label: x.label, value: x.count }));
}

/** Dashboard is /dashboard; a signed-in user without the role is told so. */
export function Dashboard(props: RenderProps<DashboardPage>) {
  const { lang, data } = props;
  const title = t(lang, "dashboard.title");
  const common = { tableLabel: t(lang, "dashboard.table"), valueLabel: t(lang, "dashboard.count"), empty: t(lang, "dashboard.empty") };
  const label = (key: string) => (x: Count[]) => x.map((c) => ({ ...c, label: t(lang, `${key}.${c.label}` as Key) }));
  const cards: { id: string; title: string; bars: Count[] }[] = [
    { id: "pages", title: t(lang, "dashboard.topPages"), bars: data.topPages },
    { id: "doctors", title: t(lang, "dashboard.topDoctors"), bars: data.topDoctors },
    { id: "clinics", title: t(lang, "dashboard.topClinics"), bars: data.topClinics },
    { id: "devices", title: t(lang, "dashboard.devices"), bars: label("dashboard.device")(data.devices) },
    { id: "languages", title: t(lang, "dashboard.languages"), bars: label("dashboard.lang")(data.languages) },
    { id: "noresults", title: t(lang, "dashboard.noResults"), bars: data.noResults },
  ];
  return (
    <>
      <PageHead title={`${title} | ${t(lang, "site.name")}`} description={title} url={props.url} noindex />
      <section className="dashboard">
        <h1 className="page-title">{title}</h1>
        {!data.allowed ? (
          <p>{t(lang, "dashboard.denied")}</p>
        ) : (
          <>
            <p>{t(lang, "dashboard.window", { days: data.days })}</p>
            <div className="dashboard__grid">
              <section className="dashboard__card dashboard__card--wide" aria-labelledby="dash-views">
                <h2 id="dash-views">{t(lang, "dashboard.viewsByDay")}</h2>
                <DayChart
                  id="views"
                  title={t(lang, "dashboard.viewsByDay")}
                  desc={t(lang, "dashboard.viewsDesc")}
                  days={data.viewsByDay}
                  series={data.sections.map((s) => t(lang, `dashboard.section.${s}` as Key))}
                  dayLabel={t(lang, "dashboard.day")}
                  {...common}
                />
              </section>
              {cards.map((c) => (
                <section key={c.id} className="dashboard__card" aria-labelledby={`dash-${c.id}`}>
                  <h2 id={`dash-${c.id}`}>{c.title}</h2>
                  <BarChart id={c.id} title={c.title} desc={t(lang, "dashboard.barsDesc", { what: c.title })} bars={bars(c.bars)} {...common} />
                </section>
              ))}
              <section className="dashboard__card dashboard__card--wide" aria-labelledby="dash-bookings">
                <h2 id="dash-bookings">{t(lang, "dashboard.bookingsByDay")}</h2>
                <DayChart
                  id="bookings"
                  title={t(lang, "dashboard.bookingsByDay")}
                  desc={t(lang, "dashboard.bookingsDesc")}
                  days={data.bookingsByDay.map((b) => ({ day: b.label, counts: [b.count] }))}
                  series={[t(lang, "dashboard.bookings")]}
                  dayLabel={t(lang, "dashboard.day")}
                  {...common}
                />
              </section>
            </div>
          </>
        )}
      </section>
    </>
  );
}
