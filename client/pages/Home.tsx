import { t, tn, localized } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import type { Specialty } from "../catalog";
import type { RenderProps } from "../types";
import "./Home.css";

export interface HomeData {
  specialties: Specialty[];
}

/** Home is / and /{region}: search and the most-staffed specialties of the region. */
export function Home(props: RenderProps<HomeData>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = localized(lang, region.nameRu, region.nameUz);
  return (
    <>
      <PageHead
        title={t(lang, "home.title", { region: regionName })}
        description={t(lang, "site.description")}
        url={props.url}
      />
      <section className="hero">
        <h1>{t(lang, "home.heading")}</h1>
        <p>{t(lang, "home.lead", { region: regionName })}</p>
      </section>
      <section>
        <h2>{t(lang, "home.specialties")}</h2>
        <ul className="tile-list">
          {data.specialties.map((s) => (
            <li key={s.slug}>
              <a className="tile" href={href("specialty", { specialty: s.slug }, place)}>
                <span className="tile__title">{localized(lang, s.nameRu, s.nameUz)}</span>
                <span className="tile__count">{tn(lang, "doctors.count", s.doctorCount)}</span>
              </a>
            </li>
          ))}
        </ul>
        <p><a href={href("doctors", {}, place)}>{t(lang, "home.allSpecialties")} →</a></p>
      </section>
    </>
  );
}
