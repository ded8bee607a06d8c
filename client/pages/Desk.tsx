// The clinic desk, /desk: one clinic's visits of the coming days for its
// staff (route access "session": rendered per request, never cached,
// noindex). server/desk loads it; the board is an island.
import { t } from "../lib/i18n";
import { PageHead } from "../components/PageHead";
import { DeskBoard, TelegramLink } from "../components/islands";
import type { DeskPage } from "../gen/desk";
import type { RenderProps } from "../types";

/** Desk is /desk; a signed-in user who is no clinic's staff is told so. */
export function Desk(props: RenderProps<DeskPage>) {
  const { lang, data } = props;
  const base = lang === "uz" ? "/uz/desk" : "/desk";
  return (
    <>
      <PageHead title={`${t(lang, "desk.title")} | ${t(lang, "site.name")}`} description={t(lang, "desk.title")} url={props.url} noindex />
      <section className="desk">
        <h1 className="page-title">
          {t(lang, "desk.title")}
          {data.allowed && <>: {data.clinic.name}</>}
        </h1>
        {!data.allowed ? (
          <p className="desk__denied">{t(lang, "desk.notStaff")}</p>
        ) : (
          <>
            {data.clinics.length > 1 && (
              <nav className="desk__clinics">
                {data.clinics.map((c) => (
                  <a key={c.id} href={`${base}?clinic=${c.slug}`} aria-current={c.id === data.clinic.id ? "page" : undefined}>
                    {c.name}
                  </a>
                ))}
              </nav>
            )}
            <DeskBoard lang={lang} clinicId={data.clinic.id} days={data.days} doctors={data.doctors} now={data.now} rules={data.rules} />
            {props.telegram && <TelegramLink lang={lang} />}
          </>
        )}
      </section>
    </>
  );
}
